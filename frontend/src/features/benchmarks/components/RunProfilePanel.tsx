import { useMemo, useState } from 'react';
import { formatDuration, formatNumber } from '../../../lib/format';
import { ErrorMessage, FlameGraph, Panel, SelectField } from '../../../ui';
import { CHECKSUM_FRAME } from '../../experiments/experimentModel';
import { useBenchmarkProfile } from '../api';
import { profileStatus, serverProfiles } from '../profileModel';

/** "Profile this run": each RegionServer's CPU flame graph, one at a time. */
export function RunProfilePanel({ clusterId, runId }: { clusterId: number; runId: number }) {
  const { data, error } = useBenchmarkProfile(clusterId, runId, true);
  const servers = useMemo(() => (data?.state === 'done' ? serverProfiles(data) : []), [data]);
  const [selected, setSelected] = useState<string>();
  const current =
    servers.find((s) => s.name === selected) ?? servers.find((s) => s.flame) ?? servers[0];

  return (
    <Panel title="RegionServer CPU profile" data-testid="bench-profile">
      <ErrorMessage error={error} title="Could not load the profile" />
      <p className="muted" style={{ margin: '0 0 8px' }} data-testid="bench-profile-status">
        {profileStatus(data)}
      </p>
      {current && (
        <>
          <div className="row" style={{ alignItems: 'flex-end', marginBottom: 8 }}>
            {servers.length > 1 && (
              <SelectField
                label="RegionServer"
                value={current.name}
                onChange={(e) => setSelected(e.target.value)}
                options={servers.map((s) => ({ value: s.name, label: s.label }))}
              />
            )}
            <span className="muted" style={{ paddingBottom: 6 }}>
              {current.label}
              {current.samples !== undefined && <> · {formatNumber(current.samples)} CPU samples</>}
              {current.seconds !== undefined && <> over {formatDuration(current.seconds)}</>}
            </span>
          </div>
          {current.flame ? (
            <FlameGraph
              key={current.name}
              root={current.flame}
              aria-label={`CPU profile of RegionServer ${current.label}`}
              highlight={{
                pattern: CHECKSUM_FRAME,
                label: 'checksum frames',
                share: current.checksumShare,
              }}
              data-testid="bench-flame-graph"
            />
          ) : (
            <div className="notice notice-warn" role="status">
              {current.label}: {current.message ?? 'no samples'}
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
