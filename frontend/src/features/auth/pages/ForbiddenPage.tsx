import { Link } from 'react-router';
import type { Role } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../ui';

export function ForbiddenPage({ required }: { required: Role }) {
  return (
    <div>
      <PageHeader title="Not allowed" />
      <p>
        This page needs the <strong>{required}</strong> role. Ask an administrator if you need
        access.
      </p>
      <Link to={paths.clusters()}>Back to clusters</Link>
    </div>
  );
}
