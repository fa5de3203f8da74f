import { useState } from 'react';
import type { ExperimentSummary } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ConfirmDialog } from '../../../ui';
import { useCancelExperiment } from '../api';
import { isLive } from '../experimentModel';

/** Cancel for a queued or running series, with confirmation. Render only for OPERATOR+. */
export function CancelExperimentAction({
  clusterId,
  summary,
}: {
  clusterId: number;
  summary: ExperimentSummary;
}) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelExperiment(clusterId, summary.seriesId);
  if (!isLive(summary.state)) return null;
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Cancel experiment
      </Button>
      <ConfirmDialog
        open={open}
        tone="danger"
        title={`Cancel experiment "${summary.name}"?`}
        confirmLabel="Cancel experiment"
        cancelLabel="Keep running"
        busy={cancel.isPending}
        error={cancel.error}
        shell={curlCommand('POST', apiUrls.experimentCancel(clusterId, summary.seriesId))}
        onCancel={close}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        <p>
          The running tool process is stopped (SIGTERM, then SIGKILL), the runs still to come are
          cancelled and the run's HDFS working directory is removed. Runs already finished keep
          their results.
        </p>
      </ConfirmDialog>
    </>
  );
}
