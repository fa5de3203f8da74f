import { Link } from 'react-router';
import type { ExperimentKind } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';

/** One card per experiment of the catalog: what it reproduces, on what, and New run (OPERATOR+). */
export function KindCatalog({
  clusterId,
  kinds,
}: {
  clusterId: number;
  kinds: readonly ExperimentKind[];
}) {
  if (kinds.length === 0) return <p className="muted">The server offers no experiments.</p>;
  return (
    <div className="experiment-kinds">
      {kinds.map((kind) => (
        <article
          key={kind.key}
          className="experiment-kind"
          aria-labelledby={`experiment-kind-${kind.key}`}
          data-testid="experiment-kind"
          data-kind={kind.key}
        >
          <h3 id={`experiment-kind-${kind.key}`}>{kind.title}</h3>
          <p className="muted">
            {kind.seed} · {kind.figure}
            {kind.scratch ? (
              <>
                {' '}
                <Badge tone="warn" title="Starts a scratch cluster of its own and removes it after">
                  scratch cluster
                </Badge>
              </>
            ) : (
              !kind.touchesCluster && (
                <>
                  {' '}
                  <Badge tone="neutral" title="Runs on the control-plane host only">
                    control plane only
                  </Badge>
                </>
              )
            )}
          </p>
          <p>{kind.description}</p>
          <p className="muted">Seed hardware: {kind.seedHardware}</p>
          <RoleGate min="OPERATOR">
            <div className="row">
              <Link
                className="btn btn-primary btn-sm"
                to={paths.experimentNew(clusterId, { kind: kind.key })}
                aria-label={`New run of ${kind.title}`}
              >
                New run
              </Link>
            </div>
          </RoleGate>
        </article>
      ))}
    </div>
  );
}
