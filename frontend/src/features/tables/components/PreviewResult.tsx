import { useMemo } from 'react';
import type { TablePreview } from '../../../api/types';
import { formatNumber, formatRate } from '../../../lib/format';
import { Chart, type Column, Stat, Table } from '../../../ui';
import { previewChartOption } from '../charts';
import { keyRangeColumns } from './keyColumns';
import type { PreviewRegion } from '../../../api/types';
import { LintList } from './LintList';

const regionColumns: Column<PreviewRegion & { index: number }>[] = [
  { key: 'index', header: '#', numeric: true, render: (r) => r.index + 1 },
  ...keyRangeColumns<PreviewRegion & { index: number }>(),
  { key: 'samples', header: 'Samples', numeric: true, render: (r) => formatNumber(r.samples) },
];

/** How the sample keys spread over the planned regions, and the lint of the plan. */
export function PreviewResult({ preview, stale }: { preview: TablePreview; stale: boolean }) {
  const option = useMemo(
    () => previewChartOption(preview.regions, preview.meanPerRegion),
    [preview.regions, preview.meanPerRegion],
  );
  const rows = useMemo(() => preview.regions.map((r, index) => ({ ...r, index })), [preview]);
  return (
    <div className="stack" data-testid="table-preview" style={{ opacity: stale ? 0.6 : 1 }}>
      {stale && (
        <div className="notice notice-warn" role="status">
          The form changed since this preview. Preview again to see the current plan.
        </div>
      )}
      <div className="stat-row">
        <Stat
          label="Regions"
          value={String(preview.regions.length)}
          testId="preview-region-count"
        />
        <Stat label="Samples" value={formatNumber(preview.samples)} />
        <Stat label="Max per region" value={formatNumber(preview.maxPerRegion)} />
        <Stat label="Mean per region" value={formatRate(preview.meanPerRegion)} />
        <Stat
          label="max/mean"
          value={preview.maxOverMean == null ? '—' : preview.maxOverMean.toFixed(2)}
          testId="preview-max-over-mean"
        />
      </div>
      <Chart
        option={option}
        height={220}
        aria-label="Sample keys per planned region"
        data-testid="preview-chart"
      >
        <details className="more">
          <summary>Planned regions as a table</summary>
          <Table
            aria-label="Planned regions"
            columns={regionColumns}
            rows={rows}
            rowKey={(r) => r.index}
            rowProps={() => ({ 'data-testid': 'preview-region' })}
          />
        </details>
      </Chart>
      {preview.messages.length > 0 && (
        <ul className="plain-list" aria-label="Preview messages" data-testid="preview-messages">
          {preview.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <LintList findings={preview.lint} />
    </div>
  );
}
