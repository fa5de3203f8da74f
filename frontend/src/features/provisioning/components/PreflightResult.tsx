import type { ScaleInPreflight } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { Panel, ShellCommand, Stat } from '../../../ui';
import { groupFindings } from '../scaleInModel';
import { FindingList } from './FindingList';
import { PlanDiffView } from './PlanDiffView';

/**
 * The preflight's answer: whether the scale-in may run, each refusal and warning, the data the
 * leaving DataNodes hold, what changes in the plan, and the manual equivalent host by host.
 */
export function PreflightResult({
  preflight,
  installedVersion,
}: {
  preflight: ScaleInPreflight;
  /** The version the check compared against, when its diff does not name it. */
  installedVersion?: number;
}) {
  const { errors, warnings } = groupFindings(preflight.findings, preflight.hosts);
  const diff =
    preflight.diff.fromVersion != null
      ? preflight.diff
      : { ...preflight.diff, fromVersion: installedVersion };
  return (
    <div className="stack" data-testid="scale-in-preflight" data-ok={String(preflight.ok)}>
      {preflight.ok ? (
        <div className="notice" role="status" data-testid="scale-in-verdict">
          Nothing refuses removing {preflight.hosts.join(', ')}
          {warnings.length > 0
            ? `; read the ${warnings.length === 1 ? 'warning' : `${warnings.length} warnings`} first.`
            : '.'}
        </div>
      ) : (
        <div className="notice notice-warn" role="alert" data-testid="scale-in-verdict">
          The scale-in is refused:{' '}
          {errors.length === 1 ? 'one reason' : `${formatNumber(errors.length)} reasons`} below.
          Nothing can start until the check passes.
        </div>
      )}
      <div className="stat-row">
        <Stat label="Hosts leaving" value={formatNumber(preflight.hosts.length)} />
        <Stat
          label="Data to move"
          value={formatBytes(preflight.bytesToMove)}
          testId="scale-in-bytes"
        />
        <Stat label="Refusals" value={formatNumber(errors.length)} testId="scale-in-errors" />
        <Stat label="Warnings" value={formatNumber(warnings.length)} testId="scale-in-warnings" />
      </div>
      {errors.length > 0 && (
        <section data-testid="scale-in-refusals">
          <h3 className="subhead">Refusals</h3>
          <FindingList findings={errors} />
        </section>
      )}
      {warnings.length > 0 && (
        <section data-testid="scale-in-warning-list">
          <h3 className="subhead">Warnings</h3>
          <FindingList findings={warnings} />
        </section>
      )}
      <div className="form-with-aside">
        <Panel title="What changes">
          <PlanDiffView diff={diff} testId="scale-in-diff" />
        </Panel>
        <aside>
          <Panel title="Equivalent">
            <ShellCommand
              command={
                preflight.shellCommands.length > 0
                  ? preflight.shellCommands
                  : ['# the backend gave no manual equivalent']
              }
              label="Manual equivalent, host by host"
            />
          </Panel>
        </aside>
      </div>
    </div>
  );
}
