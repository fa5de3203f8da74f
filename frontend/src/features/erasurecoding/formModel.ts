// The convert form: its state, the typed confirmation, checks and request body. Numbers stay
// strings while edited, as in the other forms.
import type { FieldError, StartEcConversionRequest } from '../../api/types';
import { toInt } from '../tables/formModel';
import { normalizeHdfsPath } from './ecModel';

/** 0 = unthrottled (the contract's default). */
export const DEFAULT_THROTTLE_MB = 0;

/** Every property of StartEcConversionRequest: a new contract field is a compile error here. */
const CONVERSION_REQUEST_FIELDS: Record<keyof StartEcConversionRequest, true> = {
  path: true,
  policy: true,
  throttleMbPerSecond: true,
  confirm: true,
};
export type ConvertField = keyof StartEcConversionRequest;
export const CONVERT_FIELDS = Object.keys(CONVERSION_REQUEST_FIELDS) as ConvertField[];

export interface ConvertForm {
  path: string;
  policy: string;
  throttleMbPerSecond: string;
  /** The path typed again: a conversion rewrites every file below it. */
  confirm: string;
}

export function defaultConvertForm(path = '', policy = ''): ConvertForm {
  return { path, policy, throttleMbPerSecond: String(DEFAULT_THROTTLE_MB), confirm: '' };
}

/** The path the conversion will get: absolute, without a trailing slash; '' while none is typed. */
export function convertPath(form: Pick<ConvertForm, 'path'>): string {
  return form.path.trim() === '' ? '' : normalizeHdfsPath(form.path);
}

/** The submit button stays disabled until the confirmation is exactly the path to convert. */
export function confirmMatches(form: Pick<ConvertForm, 'path' | 'confirm'>): boolean {
  const path = convertPath(form);
  return path !== '' && form.confirm === path;
}

export function validateConvert(form: ConvertForm): FieldError[] {
  const errors: FieldError[] = [];
  if (convertPath(form) === '') errors.push({ field: 'path', message: 'enter a directory' });
  if (form.policy === '') errors.push({ field: 'policy', message: 'choose a policy' });
  const throttle = toInt(form.throttleMbPerSecond);
  if (throttle == null || throttle < 0) {
    errors.push({ field: 'throttleMbPerSecond', message: 'must be a whole number ≥ 0' });
  }
  if (!confirmMatches(form)) {
    errors.push({ field: 'confirm', message: 'type the path exactly as above' });
  }
  return errors;
}

export function convertRequest(form: ConvertForm): StartEcConversionRequest {
  return {
    path: convertPath(form),
    policy: form.policy,
    throttleMbPerSecond: toInt(form.throttleMbPerSecond) ?? DEFAULT_THROTTLE_MB,
    confirm: form.confirm,
  };
}
