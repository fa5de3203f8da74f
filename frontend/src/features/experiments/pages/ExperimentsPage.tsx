import { useParams } from 'react-router';
import { ErrorMessage, Loading, PageHeader, Panel } from '../../../ui';
import { ClusterNav } from '../../clusters/components/ClusterNav';
import { SERIES_REFRESH_MS, useExperimentKinds, useExperiments } from '../api';
import { ExperimentsCrumbs } from '../components/ExperimentsCrumbs';
import { KindCatalog } from '../components/KindCatalog';
import { SeriesTable } from '../components/SeriesTable';

/** The catalog of experiments (New run per kind) and the cluster's series below it. */
export function ExperimentsPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);

  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }

  return (
    <div>
      <PageHeader
        crumbs={<ExperimentsCrumbs clusterId={clusterId} />}
        title="Experiments"
        subtitle={
          <>
            <span>
              The figures of the field reports, measured again on this cluster and drawn beside the
              seed's numbers.
            </span>
            <span className="status-line">
              <span className="dot dot-live" aria-hidden="true" /> auto-refresh{' '}
              {SERIES_REFRESH_MS / 1000}s
            </span>
          </>
        }
      />
      <ClusterNav clusterId={clusterId} />
      <CatalogSection clusterId={clusterId} />
      <SeriesSection clusterId={clusterId} />
    </div>
  );
}

function CatalogSection({ clusterId }: { clusterId: number }) {
  const { data, error, isPending } = useExperimentKinds();
  return (
    <Panel title="Catalog" data-testid="experiment-catalog">
      {isPending && <Loading label="Loading experiments…" />}
      <ErrorMessage
        error={error}
        title={data ? 'Could not refresh the experiments' : 'Could not load the experiments'}
      />
      {data && <KindCatalog clusterId={clusterId} kinds={data} />}
    </Panel>
  );
}

function SeriesSection({ clusterId }: { clusterId: number }) {
  const { data, error, isPending } = useExperiments(clusterId);
  return (
    <Panel title="Series" data-testid="experiment-series">
      {isPending && <Loading label="Loading series…" />}
      <ErrorMessage
        error={error}
        title={data ? 'Could not refresh; showing the last state' : 'Could not load the series'}
      />
      {data && <SeriesTable clusterId={clusterId} series={data} />}
    </Panel>
  );
}
