import type { HdfsState } from '../../../api/types';
import { formatBytes, formatNumber, formatPercent } from '../../../lib/format';
import { Badge, KeyValueList, Panel, ProgressBar } from '../../../ui';

function capacityTone(used?: number, total?: number) {
  if (!used || !total) return 'info' as const;
  const ratio = used / total;
  return ratio >= 0.9 ? ('bad' as const) : ratio >= 0.8 ? ('warn' as const) : ('info' as const);
}

export function HdfsPanel({ hdfs }: { hdfs: HdfsState }) {
  const used = hdfs.usedBytes;
  const total = hdfs.capacityBytes;
  return (
    <Panel
      title="HDFS"
      data-testid="hdfs-panel"
      actions={
        hdfs.reachable ? <Badge tone="ok">reachable</Badge> : <Badge tone="bad">unreachable</Badge>
      }
    >
      <KeyValueList
        items={[
          {
            label: 'Safe mode',
            value:
              hdfs.safeMode == null ? '—' : hdfs.safeMode ? <Badge tone="warn">ON</Badge> : 'off',
            testId: 'hdfs-safe-mode',
          },
          {
            label: 'DataNodes',
            value: (
              <>
                <span data-testid="hdfs-live-datanodes">{formatNumber(hdfs.liveDataNodes)}</span>{' '}
                live,{' '}
                <span
                  data-testid="hdfs-dead-datanodes"
                  className={hdfs.deadDataNodes ? 'level-ERROR' : undefined}
                >
                  {formatNumber(hdfs.deadDataNodes)}
                </span>{' '}
                dead
              </>
            ),
          },
          {
            label: 'Capacity',
            value: (
              <div className="stack" style={{ gap: 2 }}>
                <ProgressBar
                  label="HDFS capacity used"
                  value={total ? ((used ?? 0) / total) * 100 : 0}
                  tone={capacityTone(used, total)}
                  valueText={formatPercent(used, total)}
                />
                <span className="muted">
                  {formatBytes(used)} used of {formatBytes(total)} ·{' '}
                  {formatBytes(hdfs.remainingBytes)} remaining
                </span>
              </div>
            ),
          },
          {
            label: 'Under-replicated blocks',
            value: (
              <span className={hdfs.underReplicatedBlocks ? 'level-WARN' : undefined}>
                {formatNumber(hdfs.underReplicatedBlocks)}
              </span>
            ),
            testId: 'hdfs-under-replicated',
          },
          {
            label: 'Missing blocks',
            value: (
              <span className={hdfs.missingBlocks ? 'level-ERROR' : undefined}>
                {formatNumber(hdfs.missingBlocks)}
              </span>
            ),
            testId: 'hdfs-missing-blocks',
          },
        ]}
      />
    </Panel>
  );
}
