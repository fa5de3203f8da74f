import type { ConfigChangePreview } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { Stat } from '../../../ui';
import { type ConfigGroup, configFindings } from '../configModel';
import { FindingList } from './FindingList';
import { PlanDiffView } from './PlanDiffView';
import { RestartPlanList } from './RestartPlanList';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * A configuration change's preview: whether it may be applied, each error and warning with the
 * group, file and key it names, the diff (old → new per key, role groups marked) and the restart
 * steps it would take.
 */
export function ConfigPreviewResult({
  preview,
  groups,
  stale,
}: {
  preview: ConfigChangePreview;
  groups: readonly ConfigGroup[];
  /** The values were edited after this preview. */
  stale: boolean;
}) {
  const { errors, warnings } = configFindings(preview.findings, groups);
  const changes = preview.diff.configChanges.length;
  return (
    <div
      className="stack"
      data-testid="config-preview"
      data-ok={String(preview.ok)}
      data-stale={stale || undefined}
    >
      {stale && (
        <div className="notice notice-warn" role="status" data-testid="config-preview-stale">
          The values changed since this preview: preview again before applying.
        </div>
      )}
      {errors.length > 0 ? (
        <div className="notice notice-warn" role="alert" data-testid="config-verdict">
          The change is refused: {plural(errors.length, 'error')} below. Apply waits until the
          preview passes.
        </div>
      ) : !preview.ok ? (
        <div className="notice" role="status" data-testid="config-verdict">
          Nothing changes against the installed version.
        </div>
      ) : (
        <div className="notice" role="status" data-testid="config-verdict">
          {plural(changes, 'key changes', 'keys change')};{' '}
          {preview.restarts.length > 0
            ? `${plural(preview.restarts.length, 'restart step')} after the files are written.`
            : 'nothing restarts.'}
          {warnings.length > 0
            ? ` Read the ${warnings.length === 1 ? 'warning' : `${warnings.length} warnings`} first.`
            : ''}
        </div>
      )}
      <div className="stat-row">
        <Stat label="Keys changed" value={formatNumber(changes)} testId="config-changes" />
        <Stat
          label="Restart steps"
          value={formatNumber(preview.restarts.length)}
          testId="config-restart-steps"
        />
        <Stat label="Errors" value={formatNumber(errors.length)} testId="config-errors" />
        <Stat label="Warnings" value={formatNumber(warnings.length)} testId="config-warnings" />
      </div>
      {errors.length > 0 && (
        <section data-testid="config-error-list">
          <h3 className="subhead">Errors</h3>
          <FindingList findings={errors} testId="config-finding" />
        </section>
      )}
      {warnings.length > 0 && (
        <section data-testid="config-warning-list">
          <h3 className="subhead">Warnings</h3>
          <FindingList findings={warnings} testId="config-finding" />
        </section>
      )}
      <section>
        <h3 className="subhead">What changes</h3>
        <PlanDiffView diff={preview.diff} testId="config-diff" />
      </section>
      <section>
        <h3 className="subhead">What restarts</h3>
        {preview.restarts.length > 0 ? (
          <RestartPlanList
            steps={preview.restarts}
            testId="config-restart-step"
            label="Restart steps in order"
          />
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            No role restarts for this change.
          </p>
        )}
      </section>
    </div>
  );
}
