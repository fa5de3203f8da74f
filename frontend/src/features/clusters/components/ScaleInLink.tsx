import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button } from '../../../ui';
import { useAuth } from '../../auth/useAuth';

/**
 * "Scale in…" for a provisioned cluster: an ADMIN runs it, an OPERATOR can check it (the page
 * says Start is ADMIN's), a VIEWER sees it disabled with the reason.
 */
export function ScaleInLink({ clusterId }: { clusterId: number }) {
  const { can } = useAuth();
  const reasonId = useId();
  if (can('OPERATOR')) {
    return (
      <Link className="btn btn-sm" to={paths.scaleIn(clusterId)} data-testid="scale-in-link">
        {can('ADMIN') ? 'Scale in…' : 'Check a scale-in…'}
      </Link>
    );
  }
  return (
    <span className="row">
      <Button size="sm" disabled aria-describedby={reasonId} data-testid="scale-in-link">
        Scale in…
      </Button>
      <span className="muted" id={reasonId}>
        An ADMIN scales in
      </span>
    </span>
  );
}
