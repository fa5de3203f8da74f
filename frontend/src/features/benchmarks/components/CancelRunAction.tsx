import { useState } from 'react';
import type { BenchmarkRun } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ConfirmDialog } from '../../../ui';
import { useCancelBenchmarkRun } from '../api';
import { isLive } from '../runModel';

/** Cancel for a queued or running run, with confirmation. Render only for OPERATOR+. */
export function CancelRunAction({ clusterId, run }: { clusterId: number; run: BenchmarkRun }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelBenchmarkRun(clusterId, run.id);
  if (!isLive(run.state)) return null;
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Cancel run
      </Button>
      <ConfirmDialog
        open={open}
        tone="danger"
        title={`Cancel benchmark run #${run.id}?`}
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        busy={cancel.isPending}
        error={cancel.error}
        shell={curlCommand('POST', apiUrls.benchmarkCancel(clusterId, run.id))}
        onCancel={close}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        <p>
          The agent is stopped (SIGTERM, then SIGKILL after 10 s), and so are the runs of its series
          still to come. The seconds measured so far and a partial summary are kept.
        </p>
      </ConfirmDialog>
    </>
  );
}
