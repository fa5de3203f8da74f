import type { BenchmarkProvenance } from '../../../api/types';
import { KeyValueList, Panel } from '../../../ui';
import { agentSelfCostText, provenanceItems } from '../runModel';

/** Long or machine-read values: monospace, allowed to wrap. */
const MONO = new Set(['Table descriptor', 'Cluster config digest', 'Agent libraries']);

/** Where and with what the run was measured: versions, table, hosts, JVM; enough to redo it. */
export function ProvenancePanel({ provenance }: { provenance: BenchmarkProvenance }) {
  const items = provenanceItems(provenance).map((item) =>
    MONO.has(item.label) && item.value !== '—'
      ? { ...item, value: <span className="mono">{item.value}</span> }
      : item,
  );
  const jvmFlags = provenance.jvmFlags ?? [];
  return (
    <Panel title="Provenance" data-testid="bench-provenance">
      <KeyValueList
        items={[
          ...items,
          {
            label: 'Agent self-cost',
            testId: 'bench-provenance-agentSelfCost',
            value: agentSelfCostText(provenance.agentSelfCost),
          },
          {
            label: 'JVM flags',
            testId: 'bench-provenance-jvmFlags',
            value:
              jvmFlags.length === 0 ? (
                '—'
              ) : (
                <ul className="plain-list mono">
                  {jvmFlags.map((flag, i) => (
                    <li key={`${flag}-${i}`}>{flag}</li>
                  ))}
                </ul>
              ),
          },
          {
            label: 'CPU flags',
            testId: 'bench-provenance-cpuFlags',
            value: provenance.cpuFlags ? (
              <details className="more">
                <summary>{provenance.cpuFlags.split(/\s+/).filter(Boolean).length} flags</summary>
                <span className="mono" style={{ whiteSpace: 'normal' }}>
                  {provenance.cpuFlags}
                </span>
              </details>
            ) : (
              '—'
            ),
          },
        ]}
      />
    </Panel>
  );
}
