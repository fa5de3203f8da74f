import type { ExperimentKind } from '../../../api/types';
import { KeyValueList } from '../../../ui';

/** What an experiment reproduces: the seed, its figure, hardware and findings. */
export function KindAbout({ kind }: { kind: ExperimentKind }) {
  return (
    <div className="stack" data-testid="experiment-about">
      <p style={{ margin: 0 }}>{kind.description}</p>
      <KeyValueList
        items={[
          { label: 'Seed', value: `${kind.seed} · ${kind.figure}` },
          { label: 'Seed hardware', value: kind.seedHardware },
          {
            label: 'Seed findings',
            value:
              kind.seedFindings.length === 0 ? (
                <span className="muted">—</span>
              ) : (
                <ul className="plain-list">
                  {kind.seedFindings.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ),
          },
          {
            label: 'Where it runs',
            value: kind.scratch
              ? 'On a scratch cluster it starts itself and removes afterwards: this cluster is not touched'
              : kind.touchesCluster
                ? 'On this cluster: it writes and reads files in a working directory of its HDFS'
                : 'On the control-plane host only: nothing on the cluster is touched',
          },
        ]}
      />
    </div>
  );
}
