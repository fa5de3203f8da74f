import type { PlanConfigChange, PlanDiff, PlanRoleChange } from '../../../api/types';
import { Badge, type Column, Table } from '../../../ui';
import {
  CONFIG_CHANGE_TONE,
  configChangeKind,
  diffBase,
  diffHeadline,
  groupConfigChanges,
  isEmptyDiff,
  restartLines,
  roleChangeText,
} from '../diffModel';
import { roleLabel } from '../wizardModel';

const configColumns: Column<PlanConfigChange>[] = [
  {
    key: 'kind',
    header: 'Change',
    render: (c) => {
      const kind = configChangeKind(c);
      return (
        <Badge tone={CONFIG_CHANGE_TONE[kind]} data-testid="diff-config-kind">
          {kind}
        </Badge>
      );
    },
  },
  {
    key: 'key',
    header: 'Key',
    className: 'wrap',
    render: (c) => <span className="mono diff-value">{c.key}</span>,
  },
  {
    key: 'host',
    header: 'Applies to',
    render: (c) =>
      c.role ? (
        <span data-testid="diff-config-role" data-role={c.role}>
          {roleLabel(c.role)} hosts{c.host && <span className="mono"> ({c.host})</span>}
        </span>
      ) : c.host ? (
        <span className="mono">{c.host}</span>
      ) : (
        <span className="muted">every host</span>
      ),
  },
  {
    key: 'value',
    header: 'Old → new',
    className: 'wrap',
    render: (c) => (
      <span className="mono diff-value">
        <span className={c.oldValue == null ? 'muted' : 'diff-old'}>{c.oldValue ?? '(unset)'}</span>
        {' → '}
        <span className={c.newValue == null ? 'muted' : 'diff-new'}>{c.newValue ?? '(unset)'}</span>
      </span>
    ),
  },
];

const roleColumns: Column<PlanRoleChange>[] = [
  { key: 'host', header: 'Host', render: (c) => <span className="mono">{c.host}</span> },
  { key: 'roles', header: 'Roles', render: (c) => roleChangeText(c) },
];

/**
 * What a run changes against the installed version: the backend's summary, hosts added and
 * removed, role changes, every config change (old → new) by file, and the roles that restart.
 */
export function PlanDiffView({ diff, testId = 'plan-diff' }: { diff: PlanDiff; testId?: string }) {
  const empty = isEmptyDiff(diff);
  const restarts = restartLines(diff.restarts);
  return (
    <div className="stack" data-testid={testId} data-empty={empty}>
      <p style={{ margin: 0 }}>
        <strong data-testid="diff-headline">{diffHeadline(diff)}</strong>{' '}
        <span className="muted">{diffBase(diff)}</span>
      </p>
      {diff.summary.length > 0 && (
        <ul className="plain-list diff-summary" data-testid="diff-summary">
          {diff.summary.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {(diff.hostsAdded.length > 0 || diff.hostsRemoved.length > 0) && (
        <div className="row" data-testid="diff-hosts">
          {diff.hostsAdded.map((h) => (
            <Badge key={`+${h}`} tone="ok" data-testid="diff-host-added" data-host={h}>
              + {h}
            </Badge>
          ))}
          {diff.hostsRemoved.map((h) => (
            <Badge key={`-${h}`} tone="bad" data-testid="diff-host-removed" data-host={h}>
              − {h}
            </Badge>
          ))}
        </div>
      )}
      {diff.roleChanges.length > 0 && (
        <section>
          <h3 className="subhead">Roles</h3>
          <Table
            aria-label="Role changes"
            columns={roleColumns}
            rows={diff.roleChanges}
            rowKey={(c) => c.host}
            rowProps={(c) => ({ 'data-testid': 'diff-role-change', 'data-host': c.host })}
          />
        </section>
      )}
      {groupConfigChanges(diff.configChanges).map((g) => (
        <section key={g.file} data-testid="diff-config-file" data-file={g.file}>
          <h3 className="subhead mono">{g.file}</h3>
          <Table
            aria-label={`${g.file} changes`}
            columns={configColumns}
            rows={g.changes}
            rowKey={(c) => `${c.role ?? ''}|${c.host ?? ''}|${c.key}`}
            rowProps={(c) => ({
              'data-testid': 'diff-config-change',
              'data-key': c.key,
              'data-role': c.role,
              'data-kind': configChangeKind(c),
            })}
          />
        </section>
      ))}
      {restarts.length > 0 && (
        <section>
          <h3 className="subhead">Restarts</h3>
          <ul className="plain-list" data-testid="diff-restarts">
            {restarts.map((line) => (
              <li key={line} data-testid="diff-restart">
                {line}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
