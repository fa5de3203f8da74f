import { useMemo, useState } from 'react';
import type { ExperimentRun } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { FlameGraph, Panel, SelectField } from '../../../ui';
import { CHECKSUM_FRAME, runProfiles } from '../experimentModel';

/**
 * The CPU profile of the runs that took one (native-checksums), one flame graph at a time with a
 * picker of the runs; nothing when no run has one.
 */
export function CpuProfilePanel({ runs }: { runs: readonly ExperimentRun[] }) {
  const profiles = useMemo(() => runProfiles(runs), [runs]);
  const [selected, setSelected] = useState<number>();
  const current = profiles.find((p) => p.run.id === selected) ?? profiles[0];
  if (!current) return null;

  return (
    <Panel title="CPU profile" data-testid="experiment-profile">
      <div className="row" style={{ alignItems: 'flex-end', marginBottom: 8 }}>
        <SelectField
          label="Run"
          className="cpu-profile-picker"
          value={String(current.run.id)}
          onChange={(e) => setSelected(Number(e.target.value))}
          options={profiles.map((p) => ({ value: String(p.run.id), label: p.label }))}
        />
        {current.samples !== undefined && (
          <span className="muted" style={{ paddingBottom: 6 }}>
            {formatNumber(current.samples)} CPU samples
          </span>
        )}
      </div>
      <FlameGraph
        // another run starts unzoomed
        key={current.run.id}
        root={current.flame}
        aria-label={`CPU profile of ${current.label}`}
        highlight={{
          pattern: CHECKSUM_FRAME,
          label: 'checksum frames',
          share: current.checksumShare,
        }}
        data-testid="flame-graph"
      />
    </Panel>
  );
}
