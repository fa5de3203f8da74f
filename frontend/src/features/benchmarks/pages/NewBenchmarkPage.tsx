import { useParams, useSearchParams } from 'react-router';
import { ErrorMessage, Loading, PageHeader } from '../../../ui';
import { useBenchmarkPresets } from '../api';
import { BenchmarksCrumbs } from '../components/BenchmarksCrumbs';
import { LaunchForm } from '../components/LaunchForm';
import { initialBenchmarkForm } from '../formModel';

/** The launch form; `?preset=` and `?table=` prefill it. */
export function NewBenchmarkPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params] = useSearchParams();
  const presets = useBenchmarkPresets(clusterId);
  const presetParam = params.get('preset');
  const tableParam = params.get('table');

  return (
    <div>
      <PageHeader
        crumbs={<BenchmarksCrumbs clusterId={clusterId}>new</BenchmarksCrumbs>}
        title="New benchmark"
        subtitle="A bench agent runs the workload against a table of this cluster, one run at a time."
      />
      {presets.isPending ? (
        <Loading label="Loading presets…" />
      ) : (
        <>
          <ErrorMessage
            error={presets.error}
            title="Could not load the presets; the form starts from the defaults"
          />
          {/* Keyed: a new prefill in the URL starts a fresh form. */}
          <LaunchForm
            key={`${presetParam ?? ''}|${tableParam ?? ''}`}
            clusterId={clusterId}
            presets={presets.data ?? []}
            initial={initialBenchmarkForm(presets.data, presetParam, tableParam)}
          />
        </>
      )}
    </div>
  );
}
