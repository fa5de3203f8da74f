import { useState } from 'react';
import { Link } from 'react-router';
import type { CompactionSchedule, CompactionTargetKind } from '../../../api/types';
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
  TextFieldWithSuggestions,
} from '../../../ui';
import { useSaveCompactionSchedule } from '../api';
import {
  knownTimeZones,
  SCHEDULE_FIELDS,
  type ScheduleForm,
  scheduleInput,
  SELECTIONS,
  TARGET_KINDS,
  validateSchedule,
} from '../formModel';
import { useFieldForm } from '../useFieldForm';
import { MaxPerServerField } from './MaxPerServerField';
import { TablePicker } from './TablePicker';

/** Label and hint of the target typed as text (a TABLE target has the TablePicker). */
const TARGET_TEXT: Record<
  Exclude<CompactionTargetKind, 'TABLE'>,
  { label: string; hint: string }
> = {
  NAMESPACE: { label: 'Namespace', hint: 'Every table of the namespace' },
  PATTERN: {
    label: 'Table name pattern',
    hint: 'RE2 regex (linear time) on full names, e.g. metrics:.* or default:orders_.*',
  },
};

/** The optional thresholds of a THRESHOLD selection, in form order. */
const THRESHOLDS: readonly {
  field: 'minStoreFilesPerStore' | 'maxLocalityPercent' | 'minHoursSinceMajor';
  label: string;
  max?: number;
}[] = [
  { field: 'minStoreFilesPerStore', label: 'Min store files per store' },
  { field: 'maxLocalityPercent', label: 'Locality below (%)', max: 100 },
  { field: 'minHoursSinceMajor', label: 'Hours since last major' },
];

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
  const { form, clientErrors, onSubmit, text, picker, select, checkbox } = useFieldForm({
    initial,
    validate: validateSchedule,
    fields: SCHEDULE_FIELDS,
    serverError: save.error,
  });
  const [zones] = useState(knownTimeZones);

  const body = scheduleInput(form);
  const curl = schedule
    ? curlCommand('PUT', apiUrls.compactionSchedule(clusterId, schedule.id), body)
    : curlCommand('POST', apiUrls.compactionSchedules(clusterId), body);

  const submit = onSubmit(() => save.mutate(body, { onSuccess: onSaved }));

  const threshold = form.selection === 'THRESHOLD';

  return (
    <form onSubmit={submit} aria-label="Compaction schedule" noValidate>
      <fieldset className="plain-fieldset" disabled={save.isPending}>
        <Panel title="Schedule">
          <div className="form-row">
            <TextField label="Name" {...text('name')} maxLength={80} autoComplete="off" required />
            <SelectField label="Target kind" {...select('targetKind')} options={TARGET_KINDS} />
            {form.targetKind === 'TABLE' ? (
              <TablePicker clusterId={clusterId} {...picker('target')} required />
            ) : (
              <TextField
                {...TARGET_TEXT[form.targetKind]}
                {...text('target')}
                autoComplete="off"
                spellCheck={false}
                required
              />
            )}
          </div>
        </Panel>

        <Panel title="Window">
          <div className="form-row">
            <TextField
              label="Cron"
              {...text('cron')}
              autoComplete="off"
              spellCheck={false}
              required
              hint="minute hour day-of-month month day-of-week, or @daily / @weekly"
            />
            <TextFieldWithSuggestions
              label="Time zone"
              {...text('timeZone')}
              suggestions={zones}
              required
              hint="IANA zone the cron is read in"
            />
            <TextField
              label="Duration (minutes)"
              type="number"
              min={1}
              {...text('durationMinutes')}
              required
              hint="How long each window stays open; no new region starts after it"
            />
          </div>
          <div className="form-row form-row-checks">
            <CheckboxField
              label="Enabled"
              hint="A disabled schedule opens no windows; Run now still works."
              {...checkbox('enabled')}
            />
            <CheckboxField
              label="Pause compactions outside windows"
              hint="compaction_switch false on every RegionServer between windows (re-applied after a restart)."
              {...checkbox('pauseOutsideWindows')}
            />
          </div>
        </Panel>

        <Panel title="Caps and selection">
          <div className="form-row">
            <MaxPerServerField {...text('maxPerServer')} />
            <TextField
              label="Max per cluster"
              type="number"
              min={1}
              {...text('maxPerCluster')}
              required
              hint="Regions compacting at once in the cluster"
            />
            <SelectField label="Selection" {...select('selection')} options={SELECTIONS} />
          </div>
          {threshold && (
            <fieldset className="fieldset" style={{ marginTop: 10 }}>
              <legend>Thresholds (a region meeting any of them is compacted, worst first)</legend>
              <div className="form-row">
                {THRESHOLDS.map(({ field, label, max }) => (
                  <TextField
                    key={field}
                    label={label}
                    type="number"
                    min={1}
                    max={max}
                    {...text(field)}
                    placeholder="not used"
                  />
                ))}
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
