import { Badge, Button, type Tone } from '../../../ui';
import {
  FINDING_TITLE,
  type PlanProblem,
  problemWhere,
  STEPS,
  type WizardStep,
} from '../wizardModel';

/**
 * The planner's findings, readable: title of the code, where (host and part, or input), the text,
 * grouped by the wizard step that fixes them, each group with a way back to its step.
 */
export function ProblemList({
  problems,
  onGoTo,
  current,
  steps = STEPS,
}: {
  problems: readonly PlanProblem[];
  /** The wizard's steps with their labels (on vSphere the hosts step is VMs). */
  steps?: readonly { id: WizardStep; label: string }[];
  onGoTo?: (step: WizardStep) => void;
  /** The step shown now: its group gets no "Go to" button. */
  current?: WizardStep;
}) {
  if (problems.length === 0) return null;
  const groups = steps
    .map((s) => ({
      ...s,
      items: problems.filter((p) => p.step === s.id),
    }))
    .filter((g) => g.items.length > 0);
  return (
    <div className="stack" data-testid="prov-problems">
      {groups.map((g) => (
        <section key={g.id} className="problem-group" data-step={g.id}>
          <div className="row">
            <strong>
              {g.id === 'review'
                ? 'The spec'
                : `Step ${steps.findIndex((s) => s.id === g.id) + 1}: ${g.label}`}
            </strong>
            {onGoTo && g.id !== current && g.id !== 'review' && (
              <Button size="sm" onClick={() => onGoTo(g.id)}>
                Go to {g.label}
              </Button>
            )}
          </div>
          <ProblemItems problems={g.items} />
        </section>
      ))}
    </div>
  );
}

/** Findings as a list, without grouping (beside the input or host they name). */
export function ProblemItems({
  problems,
  tone = 'bad',
  testId = 'prov-problem',
}: {
  problems: readonly PlanProblem[];
  /** `warn` for the plan's warnings. */
  tone?: Tone;
  testId?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <ul className="findings">
      {problems.map((p, i) => (
        <li
          key={`${p.field}-${i}`}
          className="finding"
          data-testid={testId}
          data-code={p.code}
          data-field={p.field}
          data-step={p.step}
        >
          <Badge tone={tone} title={p.code}>
            {p.code ? (FINDING_TITLE[p.code] ?? p.code) : tone === 'bad' ? 'Invalid' : 'Warning'}
          </Badge>
          <span>
            <span className="finding-where">{problemWhere(p)}</span> — {p.text}
          </span>
          {p.code && <code className="finding-code">{p.code}</code>}
        </li>
      ))}
    </ul>
  );
}
