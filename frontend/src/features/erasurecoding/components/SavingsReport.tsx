import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EcHistogramBucket, EcLayoutCost, EcPolicy, EcReport } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Badge, Chart, type Column, ErrorMessage, Loading, Panel, Stat, Table } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useEcReport } from '../api';
import { histogramChartOption } from '../charts';
import {
  CURRENT_LAYOUT,
  enabledPolicies,
  formatTimes,
  layoutLabel,
  REPLICATION,
  reportLayouts,
} from '../ecModel';
import { PathForm } from './PathForm';
import type { PathSectionProps } from '../sectionProps';
import { WarningList } from './WarningList';

const bucketColumns: Column<EcHistogramBucket>[] = [
  { key: 'label', header: 'File size', render: (b) => b.label },
  { key: 'files', header: 'Files', numeric: true, render: (b) => formatNumber(b.files) },
  { key: 'bytes', header: 'Bytes', numeric: true, render: (b) => formatBytes(b.bytes) },
];

function layoutColumns(current: EcLayoutCost, recommended: string): Column<EcLayoutCost>[] {
  return [
    {
      key: 'layout',
      header: 'Layout',
      render: (l) => (
        <span className="row">
          <span className="mono">{layoutLabel(l.layout)}</span>
          {l.layout === recommended && <Badge tone="ok">recommended</Badge>}
        </span>
      ),
    },
    {
      key: 'raw',
      header: 'Raw bytes',
      numeric: true,
      render: (l) => <span data-testid="ec-report-layout-raw">{formatBytes(l.rawBytes)}</span>,
    },
    {
      key: 'saved',
      header: 'Change vs. now',
      numeric: true,
      render: (l) =>
        l.layout === CURRENT_LAYOUT ? '—' : formatBytes(l.rawBytes - current.rawBytes),
    },
    {
      key: 'blocks',
      header: 'Block objects',
      numeric: true,
      render: (l) => formatNumber(l.blockObjects),
    },
    {
      key: 'ratio',
      header: 'Raw / logical',
      numeric: true,
      render: (l) => formatTimes(l.ratioToLogical),
    },
    {
      key: 'small',
      header: 'Small-file raw bytes',
      numeric: true,
      render: (l) => formatBytes(l.smallFileRawBytes),
    },
  ];
}

function Recommendation({
  clusterId,
  report,
  policies,
}: {
  clusterId: number;
  report: EcReport;
  policies: readonly EcPolicy[] | undefined;
}) {
  const { layout, reason, action } = report.recommendation;
  const convertible = action === 'CONVERT' && layout !== CURRENT_LAYOUT && layout !== REPLICATION;
  // The report compares every enabled policy; one the live DataNodes cannot hold is no advice.
  const misfit = policies?.find((p) => p.name === layout && p.fitsTopology === false);
  return (
    <div
      className={`notice${convertible && !misfit ? '' : ' notice-warn'}`}
      role="status"
      data-testid="ec-report-recommendation"
      data-layout={layout}
    >
      <p style={{ margin: 0, fontSize: '1.1em' }}>
        Recommendation:{' '}
        <strong className="mono">
          {action === 'NONE' ? 'nothing to do — keep the current layout' : layoutLabel(layout)}
        </strong>
      </p>
      <p style={{ margin: '4px 0 0' }}>{reason}</p>
      {misfit && (
        <p style={{ margin: '4px 0 0' }} data-testid="ec-report-misfit">
          <strong>But {layout} does not fit this cluster:</strong>{' '}
          {misfit.topologyMessage ?? 'too few live DataNodes or racks for a stripe'}.
        </p>
      )}
      {convertible && !misfit && (
        <RoleGate min="OPERATOR">
          <p style={{ margin: '8px 0 0' }}>
            <Link
              to={paths.erasureCoding(clusterId, {
                tab: 'conversions',
                path: report.path,
                policy: layout,
              })}
            >
              Convert {report.path} to {layout}…
            </Link>
          </p>
        </RoleGate>
      )}
    </div>
  );
}

function ReportView({
  clusterId,
  report,
  policies,
}: {
  clusterId: number;
  report: EcReport;
  policies: readonly EcPolicy[] | undefined;
}) {
  // Buckets below the smallest cell of the enabled policies hold files that gain little from EC.
  const cells = enabledPolicies(policies).map((p) => p.cellSizeBytes);
  const smallBelow = cells.length ? Math.min(...cells) : undefined;
  const option = useMemo(
    () => histogramChartOption(report.histogram, smallBelow),
    [report.histogram, smallBelow],
  );
  const rows = reportLayouts(report);
  return (
    <div className="stack" data-testid="ec-report" data-path={report.path}>
      <Recommendation clusterId={clusterId} report={report} policies={policies} />
      <div className="stat-row">
        <Stat label="Files" value={formatNumber(report.files)} testId="ec-report-files" />
        <Stat label="Logical bytes" value={formatBytes(report.logicalBytes)} />
        <Stat
          label="Raw bytes now"
          value={formatBytes(report.current.rawBytes)}
          testId="ec-report-current-raw"
        />
        <Stat
          label="Files smaller than a cell"
          value={formatNumber(report.smallFiles)}
          testId="ec-report-small-files"
        />
      </div>
      <WarningList warnings={report.warnings} />
      <div className="grid grid-2">
        <Panel title="File sizes">
          <Chart
            option={option}
            height={240}
            aria-label={`Files per size bucket below ${report.path}`}
            data-testid="ec-report-histogram"
          >
            <details className="more">
              <summary>Buckets as a table</summary>
              <Table
                aria-label="File-size histogram"
                columns={bucketColumns}
                rows={report.histogram}
                rowKey={(b) => b.label}
                rowProps={(b) => ({ 'data-testid': 'ec-report-bucket', 'data-files': b.files })}
                empty="No files."
              />
            </details>
          </Chart>
        </Panel>
        <Panel title="Raw bytes by layout">
          <Table
            aria-label="Layouts"
            columns={layoutColumns(report.current, report.recommendation.layout)}
            rows={rows}
            rowKey={(l) => l.layout}
            rowProps={(l) => ({ 'data-testid': 'ec-report-layout-row', 'data-layout': l.layout })}
          />
        </Panel>
      </div>
    </div>
  );
}

/** The savings and small-files report of a directory (recursive), with the path to report on. */
export function SavingsReport({ clusterId, path, policies }: PathSectionProps) {
  const navigate = useNavigate();
  const { data, error, isPlaceholderData } = useEcReport(clusterId, path);
  // While another path loads, the previous report is not this one.
  const report = path !== '' && !isPlaceholderData ? data : undefined;
  return (
    <div className="stack">
      <PathForm
        key={path}
        path={path}
        label="Directory"
        formLabel="Report path"
        submitLabel="Show report"
        onSubmit={(next) =>
          navigate(paths.erasureCoding(clusterId, { tab: 'report', path: next }), {
            replace: true,
          })
        }
      />
      {path === '' && (
        <p className="muted">
          Enter a directory: the report walks every file below it and compares the raw bytes and
          block objects now with each enabled policy and with 3× replication.
        </p>
      )}
      <ErrorMessage error={error} title={`Could not report on ${path}`} />
      {path !== '' && !report && !error && <Loading label={`Walking ${path}…`} />}
      {report && <ReportView clusterId={clusterId} report={report} policies={policies} />}
    </div>
  );
}
