import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader, Panel, SelectField } from '../../../ui';
import { useExperimentKinds } from '../api';
import { ExperimentsCrumbs } from '../components/ExperimentsCrumbs';
import { KindAbout } from '../components/KindAbout';
import { LaunchExperimentForm } from '../components/LaunchExperimentForm';

/** The launch form of the experiment `?kind=` names; without one, a choice of the catalog. */
export function NewExperimentPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params, setParams] = useSearchParams();
  const { data: kinds, error, isPending } = useExperimentKinds();
  const key = params.get('kind') ?? '';
  const kind = kinds?.find((k) => k.key === key);

  return (
    <div>
      <PageHeader
        crumbs={<ExperimentsCrumbs clusterId={clusterId}>new</ExperimentsCrumbs>}
        title={kind ? `New run: ${kind.title}` : 'New experiment'}
        subtitle={
          kind
            ? `${kind.seed} · ${kind.figure}`
            : 'Reproduce a figure of a field report on this cluster.'
        }
      />
      {isPending && <Loading label="Loading experiments…" />}
      <ErrorMessage
        error={error}
        title={kinds ? 'Could not refresh the experiments' : 'Could not load the experiments'}
      />
      {kinds && (
        <>
          <Panel title="What it reproduces">
            <div className="stack">
              <div className="form-row">
                <SelectField
                  label="Experiment"
                  value={kind ? kind.key : ''}
                  onChange={(e) => setParams(e.target.value ? { kind: e.target.value } : {})}
                  options={[
                    { value: '', label: 'Choose…' },
                    ...kinds.map((k) => ({ value: k.key, label: k.title })),
                  ]}
                />
              </div>
              {key !== '' && !kind && (
                <div className="notice notice-warn" role="status" data-testid="experiment-unknown">
                  The server offers no experiment "{key}"; choose one above or go back to the{' '}
                  <Link to={paths.experiments(clusterId)}>catalog</Link>.
                </div>
              )}
              {kind && <KindAbout kind={kind} />}
            </div>
          </Panel>
          {/* Keyed: another experiment starts a fresh form. */}
          {kind && <LaunchExperimentForm key={kind.key} clusterId={clusterId} kind={kind} />}
        </>
      )}
    </div>
  );
}
