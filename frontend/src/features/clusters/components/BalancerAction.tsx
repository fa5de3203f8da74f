import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BALANCER_SHELL } from '../../../lib/shell';
import { paths } from '../../../lib/paths';
import { Button, ConfirmDialog } from '../../../ui';
import { useRunBalancer } from '../api';

/** "Run balancer" with confirmation; opens the new operation's page. Render only for OPERATOR+. */
export function BalancerAction({
  clusterId,
  clusterName,
}: {
  clusterId: number;
  clusterName: string;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const balancer = useRunBalancer(clusterId);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} title={BALANCER_SHELL.join('\n')}>
        Run balancer
      </Button>
      <ConfirmDialog
        open={open}
        title={`Run the HBase balancer on ${clusterName}?`}
        confirmLabel="Run balancer"
        busy={balancer.isPending}
        error={balancer.error}
        shell={BALANCER_SHELL}
        onCancel={() => {
          setOpen(false);
          balancer.reset();
        }}
        onConfirm={() =>
          balancer.mutate(undefined, {
            onSuccess: (operation) => navigate(paths.operation(operation.id)),
          })
        }
      >
        <p>
          Turns the balancer switch on and runs one balancing round: regions move between
          RegionServers to even out the load. Clients may see short pauses on regions while they
          move.
        </p>
      </ConfirmDialog>
    </>
  );
}
