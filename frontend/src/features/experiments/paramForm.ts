// The launch form of an experiment, generated from its kind's `params`: the form's state (numbers
// stay text while edited), filling it from `defaults` or `reduced`, checks with readable messages,
// the server's field errors by input, and the ExperimentLaunch body.
import type {
  ExperimentKind,
  ExperimentLaunch,
  ExperimentParam,
  FieldError,
} from '../../api/types';

export const MIN_REPETITIONS = 1;
export const MAX_REPETITIONS = 5;
export const MAX_NAME = 100;

/** choices: the ticked options; integers and integer: the text typed. */
export type ParamInput = string | readonly string[];

export interface ExperimentForm {
  params: Record<string, ParamInput>;
  repetitions: string;
  name: string;
}

/** The key a param's errors go under (as the server names it: `params.threads`). */
export const paramField = (name: string) => `params.${name}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON value of `defaults` / `reduced` as the param's input. */
export function inputFromValue(param: ExperimentParam, value: unknown): ParamInput {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  if (param.kind === 'choices') {
    const picked = new Set(list.map(String));
    // in the order the kind lists them; an option it does not offer cannot be ticked
    return (param.options ?? []).filter((o) => picked.has(o));
  }
  const numbers = list.filter((v) => typeof v === 'number' || typeof v === 'string').map(String);
  return param.kind === 'integers' ? numbers.join(', ') : (numbers[0] ?? '');
}

/** The params filled from `values` (a param it leaves out from the kind's defaults). */
export function paramInputs(
  kind: ExperimentKind,
  values: Record<string, unknown> = kind.defaults,
): Record<string, ParamInput> {
  const defaults = isRecord(kind.defaults) ? kind.defaults : {};
  return Object.fromEntries(
    kind.params.map((p) => [
      p.name,
      inputFromValue(p, p.name in values ? values[p.name] : defaults[p.name]),
    ]),
  );
}

/** The form a launch page opens with: the kind's defaults, one repetition, no name. */
export function initialExperimentForm(kind: ExperimentKind): ExperimentForm {
  return { params: paramInputs(kind), repetitions: '1', name: '' };
}

/** The params from the kind's defaults (`reduced`: its seconds-scale sizes over them). */
export function fillParams(
  form: ExperimentForm,
  kind: ExperimentKind,
  preset: 'defaults' | 'reduced',
): ExperimentForm {
  const values = preset === 'reduced' ? { ...kind.defaults, ...kind.reduced } : kind.defaults;
  return { ...form, params: paramInputs(kind, values) };
}

/** The ticked options after one is ticked or unticked, in the order the kind lists them. */
export function toggleOption(
  param: ExperimentParam,
  ticked: readonly string[],
  option: string,
  on: boolean,
): string[] {
  const next = new Set(ticked);
  if (on) next.add(option);
  else next.delete(option);
  return (param.options ?? []).filter((o) => next.has(o));
}

// ---------------------------------------------------------------- numbers

const WHOLE = /^[+-]?\d+$/;

/** "1–64 KiB", "≥ 1", "≤ 8", or '' without bounds. */
export function rangeText(param: Pick<ExperimentParam, 'min' | 'max' | 'unit'>): string {
  const unit = param.unit ? ` ${param.unit}` : '';
  if (param.min != null && param.max != null) return `${param.min}–${param.max}${unit}`;
  if (param.min != null) return `≥ ${param.min}${unit}`;
  if (param.max != null) return `≤ ${param.max}${unit}`;
  return '';
}

/** Why one whole number is out of the param's range, if it is. */
function rangeProblem(n: number, param: Pick<ExperimentParam, 'min' | 'max' | 'unit'>) {
  const unit = param.unit ? ` ${param.unit}` : '';
  if (param.min != null && n < param.min) return `${n} is below the minimum of ${param.min}${unit}`;
  if (param.max != null && n > param.max) return `${n} is above the maximum of ${param.max}${unit}`;
  return undefined;
}

export type IntegerList =
  { values: number[]; error?: undefined } | { values?: undefined; error: string };

/**
 * A comma-separated list of whole numbers within the param's bounds ("1, 2, 4"). Every problem is
 * named: `"x" is not a whole number; 0 is below the minimum of 1`.
 */
export function parseIntegerList(
  text: string,
  param: Pick<ExperimentParam, 'min' | 'max' | 'unit'> = {},
): IntegerList {
  if (text.trim() === '') return { error: 'enter at least one whole number, e.g. 1, 2, 4' };
  const items = text.split(',').map((t) => t.trim());
  // a trailing comma is a slip, not an entry
  if (items.length > 1 && items.at(-1) === '') items.pop();
  const problems: string[] = [];
  const values: number[] = [];
  items.forEach((item) => {
    if (item === '') {
      problems.push('an entry between two commas is empty');
      return;
    }
    const n = Number(item);
    if (!WHOLE.test(item) || !Number.isSafeInteger(n)) {
      problems.push(`"${item}" is not a whole number`);
      return;
    }
    const out = rangeProblem(n, param);
    if (out) problems.push(out);
    else if (values.includes(n)) problems.push(`${n} is listed twice`);
    else values.push(n);
  });
  return problems.length > 0 ? { error: [...new Set(problems)].join('; ') } : { values };
}

/** One whole number within the param's bounds. */
export function parseInteger(
  text: string,
  param: Pick<ExperimentParam, 'min' | 'max' | 'unit'> = {},
): { value: number; error?: undefined } | { value?: undefined; error: string } {
  const t = text.trim();
  if (t === '') return { error: 'enter a whole number' };
  const n = Number(t);
  if (!WHOLE.test(t) || !Number.isSafeInteger(n)) return { error: `"${t}" is not a whole number` };
  const out = rangeProblem(n, param);
  return out ? { error: out } : { value: n };
}

// ---------------------------------------------------------------- checks

const asText = (input: ParamInput | undefined) => (typeof input === 'string' ? input : '');
const asList = (input: ParamInput | undefined) => (Array.isArray(input) ? input : []) as string[];

/** The problem of one param's input, if any. */
export function paramError(
  param: ExperimentParam,
  input: ParamInput | undefined,
): string | undefined {
  switch (param.kind) {
    case 'choices':
      return asList(input).length === 0 ? 'tick at least one' : undefined;
    case 'integers':
      return parseIntegerList(asText(input), param).error;
    case 'integer':
      return parseInteger(asText(input), param).error;
  }
}

/** What the browser can tell before sending; the sizes against free space are the server's call. */
export function validateExperiment(kind: ExperimentKind, form: ExperimentForm): FieldError[] {
  const errors: FieldError[] = [];
  for (const param of kind.params) {
    const message = paramError(param, form.params[param.name]);
    if (message) errors.push({ field: paramField(param.name), message });
  }
  const reps = parseInteger(form.repetitions, { min: MIN_REPETITIONS, max: MAX_REPETITIONS });
  if (reps.error) {
    errors.push({
      field: 'repetitions',
      message: `must be a whole number from ${MIN_REPETITIONS} to ${MAX_REPETITIONS}`,
    });
  }
  if (form.name.trim().length > MAX_NAME) {
    errors.push({ field: 'name', message: `at most ${MAX_NAME} characters` });
  }
  return errors;
}

/**
 * The input a server field error belongs to: `params.threads`, `params.threads[1]` and a bare
 * `threads` all go to the threads input; `repetitions`, `name` to theirs; anything else is kept as is
 * (the form's error box lists every field error anyway).
 */
export function formFieldOf(field: string, paramNames: readonly string[]): string {
  const path = field.replace(/^(body|launch|experimentLaunch)\./, '').replace(/\[\d+\]/g, '');
  const [head, name] = path.split('.');
  if (head === 'params' && name) return paramField(name);
  if (head && paramNames.includes(head)) return paramField(head);
  return path;
}

/** Field errors by input; several on one input are joined. */
export function errorsByField(
  errors: readonly FieldError[],
  paramNames: readonly string[],
): Record<string, string> {
  const map: Record<string, string> = {};
  for (const e of errors) {
    const key = formFieldOf(e.field, paramNames);
    map[key] = map[key] ? `${map[key]}; ${e.message}` : e.message;
  }
  return map;
}

// ---------------------------------------------------------------- body

/** A param's JSON value; what does not parse goes as null (validation keeps it from being sent). */
export function paramValue(param: ExperimentParam, input: ParamInput | undefined): unknown {
  switch (param.kind) {
    case 'choices':
      return asList(input);
    case 'integers':
      return parseIntegerList(asText(input), param).values ?? null;
    case 'integer':
      return parseInteger(asText(input), param).value ?? null;
  }
}

/**
 * POST …/experiments: every param of the kind, as the form has it (sent once it is valid). No
 * `scratch`: the server runs a kind that needs a scratch cluster on one of its own when it is left out.
 */
export function launchBody(kind: ExperimentKind, form: ExperimentForm): ExperimentLaunch {
  const reps = parseInteger(form.repetitions).value;
  return {
    experiment: kind.key,
    name: form.name.trim() || undefined,
    params: Object.fromEntries(
      kind.params.map((p) => [p.name, paramValue(p, form.params[p.name])]),
    ),
    repetitions: reps ?? Number.NaN,
  };
}

/**
 * The body the API equivalent shows while the form is edited: what does not parse is shown as
 * typed (the server would refuse it just the same), never as null.
 */
export function previewBody(kind: ExperimentKind, form: ExperimentForm): Record<string, unknown> {
  const body = launchBody(kind, form);
  const params: Record<string, unknown> = { ...body.params };
  for (const p of kind.params) {
    const input = form.params[p.name];
    if (params[p.name] === null && typeof input === 'string') params[p.name] = input.trim();
  }
  const reps = form.repetitions.trim();
  return {
    ...body,
    params,
    repetitions: Number.isNaN(body.repetitions) ? reps || undefined : body.repetitions,
  };
}

/** "4 variants × 2 repetitions = 8 runs · full factorial", from the server's plan. */
export function planText(
  p: { variants: number; repetitions: number; runs: number; design?: string | null },
  num: (n: number) => string = String,
): string {
  const variants = `${num(p.variants)} ${p.variants === 1 ? 'variant' : 'variants'}`;
  const reps = `${num(p.repetitions)} ${p.repetitions === 1 ? 'repetition' : 'repetitions'}`;
  const runs = `${num(p.runs)} ${p.runs === 1 ? 'run' : 'runs'}`;
  return `${variants} × ${reps} = ${runs}${p.design ? ` · ${p.design}` : ''}`;
}
