import { Link, useNavigate } from 'react-router';
import type { BenchmarkPreset } from '../../../api/types';
import { formatRate } from '../../../lib/format';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  CheckboxField,
  ErrorMessage,
  Panel,
  SelectField,
  ShellCommand,
  TextAreaField,
  TextField,
} from '../../../ui';
import { TablePicker } from '../../compactions/components/TablePicker';
import { useFieldForm } from '../../compactions/useFieldForm';
import { useBenchmarkCeiling, useLaunchBenchmark } from '../api';
import {
  applies,
  applyPreset,
  BENCHMARK_FIELDS,
  type BenchmarkForm,
  capacityExcess,
  capacityWarning,
  DISTRIBUTIONS,
  fromYcsbFile,
  isCapacityRefusal,
  launchRequest,
  type LoopMode,
  MAX_REPETITIONS,
  specFromForm,
  validateBenchmark,
  workloadFamily,
  type WorkloadFamily,
  WORKLOADS,
  YCSB_WORKLOADS,
} from '../formModel';
import { PROFILE_SHELL, benchmarkShellLines } from '../shellCommand';
import { PresetPicker } from './PresetPicker';

const LOOP_MODES: readonly { value: LoopMode; label: string }[] = [
  { value: 'closed', label: 'Closed loop (as fast as the threads go)' },
  { value: 'open', label: 'Open loop (a fixed target rate)' },
];

const FAMILY_TITLE: Record<WorkloadFamily, string> = {
  pe: 'PerformanceEvaluation options',
  ycsb: 'YCSB options',
  rmw: 'Read-modify-write options',
  ceiling: 'Ceiling probe options',
};

/** The whole-number tuning fields, in form order, shown when the workload uses them. */
const NUMBER_FIELDS: readonly {
  field:
    | 'rows'
    | 'recordCount'
    | 'valueSize'
    | 'batchSize'
    | 'scanLength'
    | 'fieldCount'
    | 'fieldLength'
    | 'hotKeys';
  label: string;
  hint: string;
}[] = [
  { field: 'rows', label: 'Rows', hint: 'Key space 0..rows-1' },
  { field: 'recordCount', label: 'Record count', hint: 'YCSB records (user… keys)' },
  { field: 'valueSize', label: 'Value size (bytes)', hint: 'Bytes per cell written' },
  {
    field: 'batchSize',
    label: 'Batch size',
    hint: 'Rows per write call / keys per multi-get (PE), keys per batch (RMW)',
  },
  { field: 'scanLength', label: 'Scan length', hint: 'Rows per scan (YCSB E: the maximum)' },
  { field: 'fieldCount', label: 'Field count', hint: 'Columns per record' },
  { field: 'fieldLength', label: 'Field length (bytes)', hint: 'Bytes per column' },
  { field: 'hotKeys', label: 'Hot keys', hint: 'Keys drawn from 0..hotKeys-1; empty = all rows' },
];

export interface LaunchFormProps {
  clusterId: number;
  initial: BenchmarkForm;
  presets: readonly BenchmarkPreset[];
}

/**
 * One benchmark variant, repeated: preset, table, load shape and the workload's own options, with
 * the equivalent command lines beside it. On 202 the live page of the first run takes over.
 */
export function LaunchForm({ clusterId, initial, presets }: LaunchFormProps) {
  const navigate = useNavigate();
  const launch = useLaunchBenchmark(clusterId);
  const { data: ceiling } = useBenchmarkCeiling(clusterId);
  const refused = isCapacityRefusal(launch.error);
  const { form, set, update, clientErrors, onSubmit, text, picker, select, checkbox } =
    useFieldForm({
      initial,
      validate: (f: BenchmarkForm) => validateBenchmark(f, ceiling, refused),
      fields: BENCHMARK_FIELDS,
      serverError: launch.error,
    });

  const family = workloadFamily(form.workload);
  const excess = capacityExcess(form, ceiling);
  const body = launchRequest(form);
  const shell = benchmarkShellLines(specFromForm(form));
  const repetitions = Number(form.repetitions);
  if (Number.isInteger(repetitions) && repetitions > 1) {
    shell.push(`# the console repeats this ${repetitions} times, one agent JVM per run`);
  }
  if (form.profile) shell.push(...PROFILE_SHELL);

  const submit = onSubmit(() =>
    launch.mutate(body, {
      onSuccess: (launched) => {
        const first = launched.runIds[0];
        navigate(
          first == null ? paths.benchmarks(clusterId) : paths.benchmarkRun(clusterId, first),
          { state: { warnings: launched.warnings ?? [] } },
        );
      },
    }),
  );

  const ceilingHint = ceiling?.measured
    ? `Total ops/s over all threads; the measured ceiling is ${formatRate(ceiling.opsPerSec)} ops/s`
    : 'Total ops/s over all threads (no ceiling measured yet)';

  return (
    <div className="form-with-aside">
      <form onSubmit={submit} aria-label="New benchmark" noValidate>
        <fieldset className="plain-fieldset" disabled={launch.isPending}>
          <Panel title="Preset">
            <PresetPicker
              presets={presets}
              selected={form.presetId}
              onPick={(preset) => update((f) => applyPreset(f, preset))}
            />
          </Panel>

          <Panel title="What to run">
            <div className="form-row">
              <SelectField label="Workload" {...select('workload')} options={WORKLOADS} />
              <TablePicker
                clusterId={clusterId}
                {...picker('table')}
                required
                hint="The table must exist; a load phase fills it first"
              />
              <TextField
                label="Column family"
                {...text('family')}
                autoComplete="off"
                spellCheck={false}
                placeholder="the table's first"
              />
            </div>
            <div className="form-row">
              <TextField
                label="Series name"
                {...text('name')}
                maxLength={100}
                autoComplete="off"
                hint="Optional; the preset's name by default"
              />
              <TextField
                label="Variant label"
                {...text('label')}
                maxLength={60}
                autoComplete="off"
                placeholder="A"
                hint="Optional; names the run in comparisons"
              />
            </div>
          </Panel>

          <Panel title="Load and duration">
            <div className="form-row">
              <TextField label="Threads" type="number" min={1} {...text('threads')} required />
              <SelectField
                label="Loop"
                value={form.mode}
                onChange={(e) => set('mode', e.target.value as LoopMode)}
                options={LOOP_MODES}
                hint={
                  form.mode === 'closed'
                    ? 'Each thread sends the next request when the last one returns'
                    : 'Requests are scheduled at the rate; latency counts from the intended start'
                }
              />
              {form.mode === 'open' && (
                <TextField
                  label="Target rate (ops/s)"
                  type="number"
                  min={0}
                  step="any"
                  {...text('targetRate')}
                  required
                  hint={ceilingHint}
                />
              )}
            </div>
            {(excess || refused) && (
              <div className="stack" data-testid="bench-capacity-warning">
                {excess && (
                  <div className="notice notice-warn" role="status">
                    {capacityWarning(excess)}
                  </div>
                )}
                <CheckboxField label="Launch anyway" {...checkbox('acceptAboveCapacity')} />
              </div>
            )}
            <div className="form-row">
              <TextField
                label="Duration (s)"
                type="number"
                min={1}
                {...text('durationSeconds')}
                required
                hint="Measured seconds, after the warm-up"
              />
              <TextField
                label="Warm-up (s)"
                type="number"
                min={0}
                {...text('warmupSeconds')}
                required
                hint="Run but left out of the summary"
              />
              <TextField
                label="Operation count"
                type="number"
                min={0}
                {...text('operationCount')}
                hint={
                  fromYcsbFile(form)
                    ? "Measured operations after the warm-up; empty = the file's operationcount"
                    : 'Measured operations after the warm-up; 0 = by duration'
                }
              />
              <TextField
                label="Repetitions"
                type="number"
                min={1}
                max={MAX_REPETITIONS}
                {...text('repetitions')}
                required
                hint={`1–${MAX_REPETITIONS} runs, one after the other`}
              />
            </div>
            <CheckboxField
              label="Profile the RegionServers' CPU"
              {...checkbox('profile')}
              hint="async-profiler samples each RegionServer on this host every 10 ms while the run lasts (about 1% of its CPU); the run page shows a flame graph"
            />
          </Panel>

          <Panel title={FAMILY_TITLE[family]}>
            <div className="form-row">
              {applies('ycsbWorkload', form) && (
                <SelectField
                  label="YCSB workload"
                  {...select('ycsbWorkload')}
                  options={YCSB_WORKLOADS}
                  required
                />
              )}
              {applies('ycsbProperties', form) && (
                <TextAreaField
                  label="YCSB workload file (optional)"
                  {...text('ycsbProperties')}
                  rows={form.ycsbProperties.trim() ? 8 : 2}
                  spellCheck={false}
                  className="mono"
                  placeholder="paste a workloads/workloadX file to run it unchanged"
                  hint="Run as bin/ycsb -P would read it; its recordcount, operationcount, fieldcount, fieldlength and maxscanlength hold"
                />
              )}
              {applies('requestDistribution', form) && (
                <SelectField
                  label="Request distribution"
                  {...select('requestDistribution')}
                  options={DISTRIBUTIONS}
                />
              )}
              {NUMBER_FIELDS.filter(({ field }) => applies(field, form)).map(
                ({ field, label, hint }) => (
                  <TextField
                    key={field}
                    label={label}
                    type="number"
                    min={1}
                    {...text(field)}
                    hint={hint}
                    required={field !== 'hotKeys'}
                  />
                ),
              )}
            </div>
            <div className="form-row form-row-checks">
              {applies('loadFirst', form) && (
                <CheckboxField
                  label="Load first"
                  hint="Write the rows / records the run reads before measuring"
                  {...checkbox('loadFirst')}
                />
              )}
              {applies('clientBuffering', form) && (
                <CheckboxField
                  label="Client-side buffering"
                  hint="Writes go through a BufferedMutator (PE --autoFlush=false, YCSB clientbuffering)"
                  {...checkbox('clientBuffering')}
                />
              )}
            </div>
          </Panel>
        </fieldset>

        <Panel title="Launch">
          <div className="stack">
            <ErrorMessage error={launch.error} title="Could not launch the benchmark" />
            {clientErrors.length > 0 && (
              <div className="notice notice-warn" role="status" data-testid="bench-form-invalid">
                Fix the {clientErrors.length === 1 ? 'field' : `${clientErrors.length} fields`}{' '}
                marked above.
              </div>
            )}
            <div className="row">
              <Button type="submit" variant="primary" busy={launch.isPending}>
                Launch benchmark
              </Button>
              <Link className="btn" to={paths.benchmarks(clusterId)}>
                Cancel
              </Link>
              <span className="muted">One run at a time per cluster; later ones queue.</span>
            </div>
          </div>
        </Panel>
      </form>
      <aside>
        <Panel title="Equivalent">
          <div className="stack">
            <ShellCommand command={shell} label="Command-line equivalent" />
            <ShellCommand
              command={curlCommand('POST', apiUrls.benchmarkRuns(clusterId), body)}
              label="API equivalent"
            />
          </div>
        </Panel>
      </aside>
    </div>
  );
}
