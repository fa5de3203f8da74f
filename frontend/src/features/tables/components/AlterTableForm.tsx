import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fieldError } from '../../../api/problem';
import type {
  AlterTablePreview,
  AlterTableResponse,
  OperationDetail,
  TableDetail,
} from '../../../api/types';
import { paths } from '../../../lib/paths';
import { hbaseShellLines } from '../../../lib/shell';
import { Button, ErrorMessage, Panel, ShellCommand, TypedConfirmField } from '../../../ui';
import { OperationTracker } from '../../operations/components/OperationTracker';
import { useAlterTable, usePreviewAlterTable } from '../api';
import {
  alterRequest,
  type FamilyForm,
  familyFromSpec,
  settingsFromSpec,
  type WorkloadForm,
} from '../formModel';
import { FamiliesEditor } from './FamiliesEditor';
import { LintList } from './LintList';
import { SettingsEditor } from './SettingsEditor';

interface Previewed {
  preview: AlterTablePreview;
  requestKey: string;
}

/** Edits a table's families and settings, starting from its current descriptor. */
export function AlterTableForm({
  clusterId,
  name,
  table,
}: {
  clusterId: number;
  name: string;
  table: TableDetail;
}) {
  const navigate = useNavigate();
  const preview = usePreviewAlterTable(clusterId, name);
  const alter = useAlterTable(clusterId, name);
  const [families, setFamilies] = useState<FamilyForm[]>(() => table.families.map(familyFromSpec));
  const [settings, setSettings] = useState(() => settingsFromSpec(table.settings));
  const [workload, setWorkload] = useState<WorkloadForm>({ writeHeavy: false, randomReads: false });
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [started, setStarted] = useState<AlterTableResponse | null>(null);
  const [finished, setFinished] = useState<OperationDetail | null>(null);

  const plan = alterRequest(families, settings, workload);
  const requestKey = JSON.stringify(plan);
  const stale = previewed !== null && previewed.requestKey !== requestKey;
  // Families missing from the form are deleted; ask before that, whatever the preview says.
  const kept = new Set(families.map((f) => f.name.trim()));
  const removed = table.families.map((f) => f.name).filter((n) => !kept.has(n));
  const deletes = [
    ...new Set([...removed, ...(stale ? [] : (previewed?.preview.deletesFamilies ?? []))]),
  ];
  const needsConfirm = deletes.length > 0;
  const confirmed = !needsConfirm || typed === name;
  const running = alter.isPending || (started !== null && finished === null);
  const errorFor = (field: string) => fieldError(problem, field);

  const runPreview = (event?: FormEvent) => {
    event?.preventDefault();
    preview.mutate(plan, {
      onSuccess: (result) => {
        setProblem(null);
        setPreviewed({ preview: result, requestKey });
      },
      onError: setProblem,
    });
  };

  const apply = () =>
    alter.mutate(alterRequest(families, settings, workload, needsConfirm ? typed : undefined), {
      onSuccess: (response) => {
        setProblem(null);
        setFinished(null);
        setStarted(response);
      },
      onError: setProblem,
    });

  const onFinished = (operation: OperationDetail) => {
    if (operation.state === 'SUCCEEDED') navigate(paths.table(clusterId, name));
    else setFinished(operation);
  };

  const shell = started?.shellCommand ?? previewed?.preview.shellCommand;

  return (
    <form onSubmit={runPreview} aria-label="Alter table" noValidate>
      <fieldset className="plain-fieldset" disabled={running}>
        <Panel title="Column families">
          <FamiliesEditor
            clusterId={clusterId}
            families={families}
            onChange={setFamilies}
            errorFor={errorFor}
          />
        </Panel>
        <Panel title="Table settings">
          <SettingsEditor
            settings={settings}
            onChange={setSettings}
            workload={workload}
            onWorkloadChange={setWorkload}
            errorFor={errorFor}
          />
        </Panel>
      </fieldset>

      <Panel title="Changes">
        <div className="stack">
          <div className="row">
            <Button type="submit" busy={preview.isPending} disabled={running}>
              Preview changes
            </Button>
            <span className="muted">Nothing changes until you apply.</span>
          </div>
          {previewed && (
            <div className="stack" data-testid="alter-preview" style={{ opacity: stale ? 0.6 : 1 }}>
              {stale && (
                <div className="notice notice-warn" role="status">
                  The form changed since this preview. Preview again to see the current changes.
                </div>
              )}
              {previewed.preview.changes.length === 0 ? (
                <p className="muted">No changes: the table already looks like this.</p>
              ) : (
                <ul className="plain-list" aria-label="Planned changes">
                  {previewed.preview.changes.map((c) => (
                    <li key={c} data-testid="alter-change">
                      {c}
                    </li>
                  ))}
                </ul>
              )}
              <LintList findings={previewed.preview.lint} />
            </div>
          )}
          {needsConfirm && (
            <div className="notice notice-warn" role="status" data-testid="alter-deletes">
              <p style={{ margin: '0 0 6px' }}>
                Deletes the column {deletes.length === 1 ? 'family' : 'families'}{' '}
                <strong className="mono">{deletes.join(', ')}</strong> with all their data. This
                cannot be undone.
              </p>
              <TypedConfirmField
                what="table name"
                expected={name}
                value={typed}
                onChange={setTyped}
                error={errorFor('confirm')}
              />
            </div>
          )}
          <ErrorMessage error={problem} title="The table cannot be altered like this" />
          <div className="row">
            <Button
              variant={needsConfirm ? 'danger' : 'primary'}
              busy={running}
              disabled={!confirmed}
              onClick={apply}
            >
              Apply changes
            </Button>
          </div>
          {shell ? (
            <ShellCommand command={hbaseShellLines(shell)} />
          ) : (
            <p className="muted">Preview to see the equivalent hbase shell command.</p>
          )}
          {started && <OperationTracker operation={started.operation} onFinished={onFinished} />}
          {finished && finished.state !== 'SUCCEEDED' && (
            <div className="notice notice-warn" role="status">
              The table was not altered ({finished.state}):{' '}
              {finished.message ?? 'see the operation'}.
            </div>
          )}
        </div>
      </Panel>
    </form>
  );
}
