import type { ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage';
import { Loading } from './Loading';
import { PageHeader } from './PageHeader';

/** A detail page whose record is still loading, or could not be loaded: its header and why. */
export function PendingPage({
  crumbs,
  title,
  error,
  loading,
}: {
  crumbs: ReactNode;
  title: ReactNode;
  error: unknown;
  /** "Loading run…" */
  loading: string;
}) {
  return (
    <div>
      <PageHeader crumbs={crumbs} title={title} />
      {error ? <ErrorMessage error={error} /> : <Loading label={loading} />}
    </div>
  );
}
