import { Link, useLocation, useParams } from 'react-router';
import type { Experiment } from '../../../api/types';
import { paths } from '../../../lib/paths';
import {
  ErrorMessage,
  KeyValueList,
  PageHeader,
  Panel,
  PendingPage,
  ProgressPanel,
  RefreshStatus,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { RunStateBadge } from '../../benchmarks/components/RunStateBadge';
import { RUN_STATE_TONE } from '../../benchmarks/runModel';
import { EXPERIMENT_POLL_MS, useExperiment } from '../api';
import { CancelExperimentAction } from '../components/CancelExperimentAction';
import { AnalysisTables } from '../components/AnalysisTables';
import { CpuProfilePanel } from '../components/CpuProfilePanel';
import { ExperimentCharts } from '../components/ExperimentCharts';
import { ExperimentRunsTable } from '../components/ExperimentRunsTable';
import { ExperimentsCrumbs } from '../components/ExperimentsCrumbs';
import { FindingsTable } from '../components/FindingsTable';
import { KindAbout } from '../components/KindAbout';
import {
  countsText,
  isLive,
  jsonDataUrl,
  jsonFileName,
  paramItems,
  seriesProgress,
  succeededText,
} from '../experimentModel';

/** Warnings the launch answered with, handed over by the form's navigation. */
function launchWarnings(state: unknown): string[] {
  const w = (state as { warnings?: unknown } | null)?.warnings;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * One experiment: progress while it runs, then the seed's figure, the runs' CPU profiles (if they
 * took any), findings, notes and runs.
 */
export function ExperimentPage() {
  const { clusterId: param, seriesId: seriesParam } = useParams();
  const clusterId = Number(param);
  const seriesId = Number(seriesParam);
  const location = useLocation();
  const { data: experiment, error, isPending } = useExperiment(clusterId, seriesId);

  const crumbs = <ExperimentsCrumbs clusterId={clusterId}>series #{seriesParam}</ExperimentsCrumbs>;
  if (!Number.isInteger(seriesId)) {
    return (
      <PendingPage
        crumbs={crumbs}
        title="Experiment"
        error={new Error(`"${seriesParam}" is not a series id.`)}
        loading=""
      />
    );
  }
  if (isPending || !experiment) {
    return (
      <PendingPage
        crumbs={crumbs}
        title={`Experiment #${seriesParam}`}
        error={error}
        loading="Loading experiment…"
      />
    );
  }

  const { summary, kind } = experiment;
  const live = isLive(summary.state);
  const warnings = launchWarnings(location.state);
  return (
    <div data-testid="experiment" data-state={summary.state}>
      <PageHeader
        crumbs={crumbs}
        title={
          <span className="row">
            {summary.name || kind.title}
            <RunStateBadge state={summary.state} testId="experiment-state" />
          </span>
        }
        subtitle={
          <>
            <span>
              {kind.title} · {kind.seed} · {kind.figure}
            </span>
            <span data-testid="experiment-succeeded">{succeededText(summary)} runs succeeded</span>
            <RefreshStatus intervalMs={EXPERIMENT_POLL_MS} live={live} />
          </>
        }
        actions={
          <>
            <a
              className="btn"
              href={jsonDataUrl(experiment)}
              download={jsonFileName(experiment)}
              data-testid="experiment-download-json"
            >
              Download JSON
            </a>
            <RoleGate min="OPERATOR">
              <CancelExperimentAction clusterId={clusterId} summary={summary} />
            </RoleGate>
          </>
        }
      />
      {warnings.length > 0 && (
        <div className="notice notice-warn" role="status" data-testid="experiment-launch-warnings">
          <ul className="plain-list">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      {live && <SeriesProgressPanel experiment={experiment} />}
      <Panel title="Figure" data-testid="experiment-figure">
        {experiment.panels.length > 0 ? (
          <ExperimentCharts panels={experiment.panels} />
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            {live
              ? 'The figure is drawn once the first runs have finished.'
              : 'No run finished: there is nothing to draw.'}
          </p>
        )}
      </Panel>
      <AnalysisTables tables={experiment.tables} />
      <CpuProfilePanel runs={experiment.runs} />
      <Panel title="Seed vs this cluster" data-testid="experiment-findings">
        <FindingsTable findings={experiment.findings} />
      </Panel>
      {experiment.notes.length > 0 && (
        <Panel title="Notes" data-testid="experiment-notes">
          <ul>
            {experiment.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel title="Runs" data-testid="experiment-runs">
        <ExperimentRunsTable runs={experiment.runs} />
      </Panel>
      <div className="grid grid-2">
        <Panel title="Parameters" data-testid="experiment-params">
          <KeyValueList
            items={[
              ...paramItems(kind, experiment.params),
              { label: 'Created by', value: summary.createdBy },
              { label: 'Created', value: <Timestamp iso={summary.createdAt} /> },
              {
                label: 'Operation',
                value: summary.operationId ? (
                  <Link to={paths.operation(summary.operationId)}>Open operation →</Link>
                ) : (
                  <span className="muted">—</span>
                ),
              },
            ]}
          />
        </Panel>
        <Panel title="What it reproduces">
          <KindAbout kind={kind} />
        </Panel>
      </div>
    </div>
  );
}

function SeriesProgressPanel({ experiment }: { experiment: Experiment }) {
  const { summary, runs } = experiment;
  const p = seriesProgress(runs, summary.state);
  return (
    <ProgressPanel
      progress={p}
      label="Runs finished"
      unit="runs"
      tone={RUN_STATE_TONE[summary.state]}
      testId="experiment-progress"
      countsTestId="experiment-counts"
    >
      {countsText(p.counts)}
      {p.current && (
        <>
          {' '}
          · now <b>{p.current.label}</b>, repetition {p.current.repetition}
          {p.current.message && <> · {p.current.message}</>}
        </>
      )}
    </ProgressPanel>
  );
}
