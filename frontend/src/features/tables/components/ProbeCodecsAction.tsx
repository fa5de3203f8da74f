import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Operation } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage } from '../../../ui';
import { OperationTracker } from '../../operations/components/OperationTracker';
import { tableKeys, useProbeCodecs } from '../api';

/** "Probe codecs again": re-runs the codec probe and refreshes the codec list when it ends. */
export function ProbeCodecsAction({
  clusterId,
  running,
}: {
  clusterId: number;
  running?: boolean;
}) {
  const queryClient = useQueryClient();
  const probe = useProbeCodecs(clusterId);
  const [operation, setOperation] = useState<Operation | null>(null);
  return (
    <div className="stack" style={{ gap: 6 }}>
      <Button
        size="sm"
        busy={probe.isPending || running}
        title={curlCommand('POST', apiUrls.codecsProbe(clusterId))}
        onClick={() => probe.mutate(undefined, { onSuccess: setOperation })}
      >
        Probe codecs again
      </Button>
      <ErrorMessage error={probe.error} title="Could not start the codec probe" />
      {operation && (
        <OperationTracker
          operation={operation}
          onFinished={() =>
            void queryClient.invalidateQueries({ queryKey: tableKeys.codecs(clusterId) })
          }
        />
      )}
    </div>
  );
}
