import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/problem';
import type { ExperimentKind } from '../../../api/types';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage, Panel, ShellCommand, TextField } from '../../../ui';
import { useLaunchExperiment } from '../api';
import {
  errorsByField,
  type ExperimentForm,
  fillParams,
  initialExperimentForm,
  launchBody,
  MAX_NAME,
  MAX_REPETITIONS,
  MIN_REPETITIONS,
  paramField,
  previewBody,
  validateExperiment,
} from '../paramForm';
import { ParamField } from './ParamField';
import { PlanPreview } from './PlanPreview';

/**
 * The launch form of one experiment: an input per param of the kind, pre-filled from its
 * defaults, with the equivalent command beside it. On 202 the experiment's page takes over.
 */
export function LaunchExperimentForm({
  clusterId,
  kind,
}: {
  clusterId: number;
  kind: ExperimentKind;
}) {
  const navigate = useNavigate();
  const launch = useLaunchExperiment(clusterId);
  const [form, setForm] = useState<ExperimentForm>(() => initialExperimentForm(kind));
  // After the first submit the browser's checks follow every edit.
  const [submitted, setSubmitted] = useState(false);

  const names = kind.params.map((p) => p.name);
  const clientErrors = submitted ? validateExperiment(kind, form) : [];
  const clientMap = errorsByField(clientErrors, names);
  const serverMap = errorsByField(isApiError(launch.error) ? launch.error.fieldErrors : [], names);
  const errorFor = (key: string) => clientMap[key] ?? serverMap[key];
  const body = launchBody(kind, form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateExperiment(kind, form).length > 0) return;
    launch.mutate(body, {
      onSuccess: (launched) =>
        navigate(paths.experiment(clusterId, launched.seriesId), {
          state: { warnings: launched.warnings ?? [] },
        }),
    });
  };

  const choices = kind.params.filter((p) => p.kind === 'choices');
  const numbers = kind.params.filter((p) => p.kind !== 'choices');
  const paramInput = (p: ExperimentKind['params'][number]) => (
    <ParamField
      key={p.name}
      param={p}
      value={form.params[p.name]}
      onChange={(value) => setForm((f) => ({ ...f, params: { ...f.params, [p.name]: value } }))}
      error={errorFor(paramField(p.name))}
    />
  );

  return (
    <div className="form-with-aside">
      <form onSubmit={submit} aria-label={`New ${kind.title} run`} noValidate>
        <fieldset className="plain-fieldset" disabled={launch.isPending}>
          <Panel
            title="Parameters"
            actions={
              <span className="row">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setForm((f) => fillParams(f, kind, 'defaults'))}
                  data-testid="experiment-defaults"
                >
                  Defaults
                </Button>
                <Button
                  size="sm"
                  onClick={() => setForm((f) => fillParams(f, kind, 'reduced'))}
                  title="Seconds-scale sizes, as the test suite runs it"
                  data-testid="experiment-reduced"
                >
                  Reduced size
                </Button>
              </span>
            }
          >
            <div className="stack">
              {choices.map(paramInput)}
              {numbers.length > 0 && <div className="form-row">{numbers.map(paramInput)}</div>}
            </div>
          </Panel>

          <Panel title="Series">
            <div className="form-row">
              <TextField
                label="Name"
                value={form.name}
                onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
                error={errorFor('name')}
                maxLength={MAX_NAME}
                autoComplete="off"
                hint="Optional; the experiment's title by default"
              />
              <TextField
                label="Repetitions"
                type="number"
                min={MIN_REPETITIONS}
                max={MAX_REPETITIONS}
                value={form.repetitions}
                onChange={(e) => setForm((f) => ({ ...f, repetitions: e.target.value }))}
                error={errorFor('repetitions')}
                required
                hint={`${MIN_REPETITIONS}–${MAX_REPETITIONS} runs of every variant, interleaved; the figure shows their medians`}
              />
            </div>
          </Panel>
        </fieldset>

        <Panel title="Launch">
          <div className="stack">
            <PlanPreview
              clusterId={clusterId}
              body={body}
              valid={validateExperiment(kind, form).length === 0}
            />
            <ErrorMessage error={launch.error} title="Could not launch the experiment" />
            {clientErrors.length > 0 && (
              <div
                className="notice notice-warn"
                role="status"
                data-testid="experiment-form-invalid"
              >
                Fix the {clientErrors.length === 1 ? 'field' : `${clientErrors.length} fields`}{' '}
                marked above.
              </div>
            )}
            <div className="row">
              <Button type="submit" variant="primary" busy={launch.isPending}>
                Launch experiment
              </Button>
              <Link className="btn" to={paths.experiments(clusterId)}>
                Cancel
              </Link>
              <span className="muted">
                One series (benchmark or experiment) runs at a time per cluster.
              </span>
            </div>
          </div>
        </Panel>
      </form>
      <aside>
        <Panel title="Equivalent">
          <div className="stack">
            <ShellCommand command={kind.command} label="Command-line equivalent" />
            <p className="muted" style={{ margin: 0 }}>
              One variant; the server runs one <span className="mono">granary-node</span> process
              per point of the figure and repetition.
            </p>
            <ShellCommand
              command={curlCommand('POST', apiUrls.experiments(clusterId), previewBody(kind, form))}
              label="API equivalent"
            />
          </div>
        </Panel>
      </aside>
    </div>
  );
}
