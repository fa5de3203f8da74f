import { useNavigate } from 'react-router';
import type { EcPolicy } from '../../../api/types';
import { formatBytes } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ecShell } from '../../../lib/shell';
import { useDebounced } from '../../../lib/useDebounced';
import { Button, ErrorMessage, SelectField, ShellCommand, TextField } from '../../../ui';
import { useFieldForm } from '../../compactions/useFieldForm';
import { useEcReport, useStartEcConversion } from '../api';
import { layoutFor, policyOptions } from '../ecModel';
import {
  CONVERT_FIELDS,
  confirmMatches,
  convertPath,
  convertRequest,
  defaultConvertForm,
  validateConvert,
} from '../formModel';

const REPORT_DEBOUNCE_MS = 400;

/** Raw bytes now and, from the savings report, after the conversion under `policy`. */
function Prediction({
  clusterId,
  path,
  policy,
}: {
  clusterId: number;
  path: string;
  policy: string;
}) {
  const settled = useDebounced(path, REPORT_DEBOUNCE_MS);
  const { data, error, isPlaceholderData } = useEcReport(clusterId, settled);
  const report = settled !== '' && settled === path && !isPlaceholderData ? data : undefined;
  const after = layoutFor(report, policy);
  let text: string;
  if (path === '') text = 'Enter a directory to see what the conversion would reclaim.';
  else if (error) text = `No prediction: ${error.message}`;
  else if (!report) text = `Reading ${path}…`;
  else if (!policy) text = `${path} holds ${formatBytes(report.current.rawBytes)} raw now.`;
  else if (!after) text = `The report has no prediction for ${policy}.`;
  else
    text = `Raw bytes ${formatBytes(report.current.rawBytes)} now → ${formatBytes(
      after.rawBytes,
    )} predicted under ${policy} (reclaims ${formatBytes(
      report.current.rawBytes - after.rawBytes,
    )}).`;
  return (
    <p className="notice" role="status" data-testid="ec-convert-prediction">
      {text}
    </p>
  );
}

/**
 * Converts a directory's files to an EC policy (OPERATOR+). Every file is rewritten, so the path
 * must be typed again before the button works; on 202 the conversion page takes over.
 */
export function ConvertForm({
  clusterId,
  path = '',
  policy = '',
  policies,
}: {
  clusterId: number;
  /** Prefills the directory (from the directories tab or a report). */
  path?: string;
  /** Prefills the policy (a report's recommendation). */
  policy?: string;
  policies: readonly EcPolicy[] | undefined;
}) {
  const navigate = useNavigate();
  const start = useStartEcConversion(clusterId);
  const { form, onSubmit, text, select } = useFieldForm({
    initial: () => defaultConvertForm(path, policy),
    validate: validateConvert,
    fields: CONVERT_FIELDS,
    serverError: start.error,
  });
  const target = convertPath(form);

  const submit = onSubmit(() =>
    start.mutate(convertRequest(form), {
      onSuccess: (started) => navigate(paths.ecConversion(clusterId, started.conversion.id)),
    }),
  );

  return (
    <form onSubmit={submit} aria-label="Convert a directory" noValidate className="stack">
      <fieldset className="plain-fieldset" disabled={start.isPending}>
        <div className="form-row">
          <TextField
            label="Directory"
            {...text('path')}
            autoComplete="off"
            spellCheck={false}
            placeholder="/hbase/archive"
            required
          />
          <SelectField
            label="Policy"
            {...select('policy')}
            options={policyOptions(policies, { placeholder: 'Choose a policy…' })}
          />
          <TextField
            label="Throttle (MiB/s)"
            {...text('throttleMbPerSecond')}
            type="number"
            min={0}
            hint="0 = unthrottled"
          />
        </div>
        <Prediction clusterId={clusterId} path={target} policy={form.policy} />
        <div className="form-row">
          <TextField
            label="Type the path to confirm"
            {...text('confirm')}
            autoComplete="off"
            spellCheck={false}
            hint={
              target ? (
                <>
                  Type <code>{target}</code>: every file below it is rewritten.
                </>
              ) : (
                'Every file below the directory is rewritten.'
              )
            }
          />
        </div>
      </fieldset>
      <ErrorMessage error={start.error} title="Could not start the conversion" />
      <div className="row">
        <Button
          type="submit"
          variant="primary"
          disabled={!confirmMatches(form)}
          busy={start.isPending}
        >
          Start conversion
        </Button>
        <span className="muted">
          Resumable, throttled and cancellable; each file is copied under the policy, verified and
          renamed over the original.
        </span>
      </div>
      <ShellCommand
        label="Equivalent commands"
        command={ecShell.convert(target || '<path>', form.policy || '<policy>')}
      />
    </form>
  );
}
