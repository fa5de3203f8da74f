import type { HbaseState } from '../../../api/types';
import { formatBoolean, formatNumber } from '../../../lib/format';
import { Badge, KeyValueList, Panel } from '../../../ui';

export function HbasePanel({ hbase }: { hbase: HbaseState }) {
  return (
    <Panel
      title="HBase"
      data-testid="hbase-panel"
      actions={
        hbase.reachable ? <Badge tone="ok">reachable</Badge> : <Badge tone="bad">unreachable</Badge>
      }
    >
      <KeyValueList
        items={[
          { label: 'Active master', value: <span className="mono">{hbase.master ?? '—'}</span> },
          {
            label: 'RegionServers',
            value: (
              <>
                {formatNumber(hbase.liveRegionServers)} live,{' '}
                <span className={hbase.deadRegionServers ? 'level-ERROR' : undefined}>
                  {formatNumber(hbase.deadRegionServers)}
                </span>{' '}
                dead
              </>
            ),
          },
          {
            label: 'Tables / regions',
            value: `${formatNumber(hbase.tableCount)} / ${formatNumber(hbase.regionCount)}`,
          },
          {
            label: 'Regions in transition',
            value: (
              <span className={hbase.regionsInTransition ? 'level-WARN' : undefined}>
                {formatNumber(hbase.regionsInTransition)}
              </span>
            ),
          },
          { label: 'Balancer switch', value: formatBoolean(hbase.balancerEnabled, 'on', 'off') },
          ...(hbase.deadServers && hbase.deadServers.length > 0
            ? [
                {
                  label: 'Dead servers',
                  value: <span className="mono">{hbase.deadServers.join(', ')}</span>,
                },
              ]
            : []),
          {
            label: 'HBase cluster id',
            value: <span className="mono">{hbase.clusterId ?? '—'}</span>,
          },
        ]}
      />
    </Panel>
  );
}
