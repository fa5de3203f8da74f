import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Hosts, then `children` after a slash: provisioning lives beside the clusters, not in one. */
export function ProvisioningCrumbs({ children }: { children?: ReactNode }) {
  return (
    <>
      <Link to={paths.hosts()}>Hosts</Link>
      {children && <> / {children}</>}
    </>
  );
}
