import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Infrastructure › vCenter connections, then `children`. */
export function VcenterCrumbs({ children }: { children?: ReactNode }) {
  return (
    <>
      Infrastructure / <Link to={paths.vcenters()}>vCenter connections</Link>
      {children && <> / {children}</>}
    </>
  );
}
