import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { PageHeader } from '../ui';

export function NotFoundPage() {
  return (
    <div>
      <PageHeader title="Page not found" />
      <p>There is nothing at this address.</p>
      <Link to={paths.clusters()}>Go to clusters</Link>
    </div>
  );
}
