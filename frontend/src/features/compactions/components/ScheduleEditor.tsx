import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/problem';
import type {
  CompactionSchedule,
  CompactionSelection,
  CompactionTargetKind,
} from '../../../api/types';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand, hbaseShellLines } from '../../../lib/shell';
import {
  Button,
  CheckboxField,
  ErrorMessage,
  Panel,
  SelectField,
  ShellCommand,
  TextField,
} from '../../../ui';
import { useSaveCompactionSchedule } from '../api';
import {
  fieldErrorMap,
  knownTimeZones,
  SCHEDULE_FIELDS,
  type ScheduleField,
  type ScheduleForm,
  scheduleInput,
  SELECTIONS,
  TARGET_KINDS,
  validateSchedule,
} from '../formModel';
import { TablePicker } from './TablePicker';

export interface ScheduleEditorProps {
  clusterId: number;
  initial: ScheduleForm;
  /** Set when editing: the form replaces this schedule. */
  schedule?: CompactionSchedule;
  onSaved: (schedule: CompactionSchedule) => void;
}

/** Create or edit form of a compaction schedule (every field of CompactionScheduleInput). */
export function ScheduleEditor({ clusterId, initial, schedule, onSaved }: ScheduleEditorProps) {
  const save = useSaveCompactionSchedule(clusterId, schedule?.id);
  const [form, setForm] = useState(initial);
  // After the first submit the browser's checks follow every edit.
  const [submitted, setSubmitted] = useState(false);
  const zonesId = useId();
  const [zones] = useState(knownTimeZones);

  const set = <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const clientErrors = submitted ? validateSchedule(form) : [];
  const clientMap = fieldErrorMap(clientErrors, SCHEDULE_FIELDS);
  const serverMap = fieldErrorMap(
    isApiError(save.error) ? save.error.fieldErrors : [],
    SCHEDULE_FIELDS,
  );
  const errorFor = (field: ScheduleField) => clientMap[field] ?? serverMap[field];

  const body = scheduleInput(form);
  const curl = schedule
    ? curlCommand('PUT', apiUrls.compactionSchedule(clusterId, schedule.id), body)
    : curlCommand('POST', apiUrls.compactionSchedules(clusterId), body);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateSchedule(form).length > 0) return;
    save.mutate(body, { onSuccess: onSaved });
  };

  const threshold = form.selection === 'THRESHOLD';

  return (
    <form onSubmit={submit} aria-label="Compaction schedule" noValidate>
      <fieldset className="plain-fieldset" disabled={save.isPending}>
        <Panel title="Schedule">
          <div className="form-row">
            <TextField
              label="Name"
              value={form.name}
              maxLength={80}
              autoComplete="off"
              required
              onChange={(e) => set('name', e.target.value)}
              error={errorFor('name')}
            />
            <SelectField
              label="Target kind"
              value={form.targetKind}
              onChange={(e) => set('targetKind', e.target.value as CompactionTargetKind)}
              error={errorFor('targetKind')}
            >
              {TARGET_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </SelectField>
            {form.targetKind === 'TABLE' ? (
              <TablePicker
                clusterId={clusterId}
                value={form.target}
                required
                onChange={(table) => set('target', table)}
                error={errorFor('target')}
              />
            ) : form.targetKind === 'NAMESPACE' ? (
              <TextField
                label="Namespace"
                value={form.target}
                autoComplete="off"
                spellCheck={false}
                required
                hint="Every table of the namespace"
                onChange={(e) => set('target', e.target.value)}
                error={errorFor('target')}
              />
            ) : (
              <TextField
                label="Table name pattern"
                value={form.target}
                autoComplete="off"
                spellCheck={false}
                required
                hint="Java regex on full names, e.g. metrics:.* or default:orders_.*"
                onChange={(e) => set('target', e.target.value)}
                error={errorFor('target')}
              />
            )}
          </div>
        </Panel>

        <Panel title="Window">
          <div className="form-row">
            <TextField
              label="Cron"
              value={form.cron}
              autoComplete="off"
              spellCheck={false}
              required
              hint="minute hour day-of-month month day-of-week, or @daily / @weekly"
              onChange={(e) => set('cron', e.target.value)}
              error={errorFor('cron')}
            />
            <TextField
              label="Time zone"
              value={form.timeZone}
              list={zonesId}
              autoComplete="off"
              spellCheck={false}
              required
              hint="IANA zone the cron is read in"
              onChange={(e) => set('timeZone', e.target.value)}
              error={errorFor('timeZone')}
            />
            <datalist id={zonesId}>
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <TextField
              label="Duration (minutes)"
              type="number"
              min={1}
              value={form.durationMinutes}
              required
              hint="How long each window stays open; no new region starts after it"
              onChange={(e) => set('durationMinutes', e.target.value)}
              error={errorFor('durationMinutes')}
            />
          </div>
          <div className="form-row form-row-checks">
            <CheckboxField
              label="Enabled"
              hint="A disabled schedule opens no windows; Run now still works."
              checked={form.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
              error={errorFor('enabled')}
            />
            <CheckboxField
              label="Pause compactions outside windows"
              hint="compaction_switch false on every RegionServer between windows (re-applied after a restart)."
              checked={form.pauseOutsideWindows}
              onChange={(e) => set('pauseOutsideWindows', e.target.checked)}
              error={errorFor('pauseOutsideWindows')}
            />
          </div>
        </Panel>

        <Panel title="Caps and selection">
          <div className="form-row">
            <TextField
              label="Max per RegionServer"
              type="number"
              min={1}
              value={form.maxPerServer}
              required
              hint="Regions compacting at once on one server"
              onChange={(e) => set('maxPerServer', e.target.value)}
              error={errorFor('maxPerServer')}
            />
            <TextField
              label="Max per cluster"
              type="number"
              min={1}
              value={form.maxPerCluster}
              required
              hint="Regions compacting at once in the cluster"
              onChange={(e) => set('maxPerCluster', e.target.value)}
              error={errorFor('maxPerCluster')}
            />
            <SelectField
              label="Selection"
              value={form.selection}
              onChange={(e) => set('selection', e.target.value as CompactionSelection)}
              error={errorFor('selection')}
            >
              {SELECTIONS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </SelectField>
          </div>
          {threshold && (
            <fieldset className="fieldset" style={{ marginTop: 10 }}>
              <legend>Thresholds (a region meeting any of them is compacted, worst first)</legend>
              <div className="form-row">
                <TextField
                  label="Min store files per store"
                  type="number"
                  min={1}
                  value={form.minStoreFilesPerStore}
                  placeholder="not used"
                  onChange={(e) => set('minStoreFilesPerStore', e.target.value)}
                  error={errorFor('minStoreFilesPerStore')}
                />
                <TextField
                  label="Locality below (%)"
                  type="number"
                  min={1}
                  max={100}
                  value={form.maxLocalityPercent}
                  placeholder="not used"
                  onChange={(e) => set('maxLocalityPercent', e.target.value)}
                  error={errorFor('maxLocalityPercent')}
                />
                <TextField
                  label="Hours since last major"
                  type="number"
                  min={1}
                  value={form.minHoursSinceMajor}
                  placeholder="not used"
                  onChange={(e) => set('minHoursSinceMajor', e.target.value)}
                  error={errorFor('minHoursSinceMajor')}
                />
              </div>
            </fieldset>
          )}
        </Panel>
      </fieldset>

      <Panel title={schedule ? 'Save' : 'Create'}>
        <div className="stack">
          <ErrorMessage
            error={save.error}
            title={schedule ? 'Could not save the schedule' : 'Could not create the schedule'}
          />
          {clientErrors.length > 0 && (
            <div className="notice notice-warn" role="status" data-testid="schedule-form-invalid">
              Fix the {clientErrors.length === 1 ? 'field' : `${clientErrors.length} fields`} marked
              above.
            </div>
          )}
          <div className="row">
            <Button type="submit" variant="primary" busy={save.isPending}>
              {schedule ? 'Save schedule' : 'Create schedule'}
            </Button>
            <Link className="btn" to={paths.compactions(clusterId)}>
              Cancel
            </Link>
          </div>
          <ShellCommand command={curl} label="API equivalent" />
          {schedule && schedule.shellCommands.length > 0 && (
            <ShellCommand
              command={schedule.shellCommands.flatMap(hbaseShellLines)}
              label="Each window runs (as saved)"
            />
          )}
        </div>
      </Panel>
    </form>
  );
}
