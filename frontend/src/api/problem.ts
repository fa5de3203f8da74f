import type { FieldError, Problem } from './types';

const STATUS_TITLES: Record<number, string> = {
  0: 'Cannot reach the Granary server',
  400: 'The request was not valid',
  401: 'You are not signed in',
  403: 'Your role does not allow this',
  404: 'Not found',
  409: 'Conflict with the current state',
  422: 'The request could not be processed',
  429: 'Too many requests',
  500: 'Server error',
  502: 'The Granary server is not responding',
  503: 'The Granary server is unavailable',
  504: 'The Granary server timed out',
};

function statusTitle(status: number): string {
  return (
    STATUS_TITLES[status] ?? (status >= 500 ? 'Server error' : `Request failed (HTTP ${status})`)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((e) => ({
    field: typeof e.field === 'string' ? e.field : '',
    message: typeof e.message === 'string' ? e.message : 'is invalid',
  }));
}

/**
 * Turns any error response body into a Problem. Bodies that are not RFC 9457 documents
 * (HTML from a proxy, plain text, empty) become a generic problem for the status; the raw
 * body is never shown to the user.
 */
export function parseProblem(status: number, body: unknown): Problem {
  let data: unknown = body;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = undefined;
    }
  }
  const fallbackTitle = statusTitle(status);
  if (!isRecord(data)) {
    return { type: 'about:blank', title: fallbackTitle, status, code: `http-${status}` };
  }
  const str = (k: string) =>
    typeof data[k] === 'string' && data[k] !== '' ? (data[k] as string) : undefined;
  const problem: Problem = {
    type: str('type') ?? 'about:blank',
    title: str('title') ?? fallbackTitle,
    status: typeof data.status === 'number' ? data.status : status,
    code: str('code') ?? `http-${status}`,
  };
  const detail = str('detail');
  if (detail) problem.detail = detail;
  const instance = str('instance');
  if (instance) problem.instance = instance;
  const traceId = str('traceId');
  if (traceId) problem.traceId = traceId;
  const errors = parseFieldErrors(data.errors);
  if (errors.length > 0) problem.errors = errors;
  return problem;
}

/** Error thrown by every API call that did not succeed. */
export class ApiError extends Error {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.problem = problem;
  }

  get status(): number {
    return this.problem.status;
  }

  get code(): string {
    return this.problem.code;
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }

  static from(status: number, body: unknown): ApiError {
    return new ApiError(parseProblem(status, body));
  }

  static network(cause: unknown): ApiError {
    const err = new ApiError({
      type: 'about:blank',
      title: statusTitle(0),
      status: 0,
      code: 'network-error',
      detail: 'Check that the Granary backend is running and reachable.',
    });
    err.cause = cause;
    return err;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ReadableError {
  title: string;
  detail?: string;
  fieldErrors: FieldError[];
  code?: string;
  traceId?: string;
}

/** What the UI shows for any thrown value: a headline, an optional detail, per-field errors. */
export function describeError(error: unknown): ReadableError {
  if (isApiError(error)) {
    const p = error.problem;
    return {
      title: p.title,
      detail: p.detail && p.detail !== p.title ? p.detail : undefined,
      fieldErrors: p.errors ?? [],
      code: p.code,
      traceId: p.traceId,
    };
  }
  if (error instanceof Error)
    return { title: 'Something went wrong', detail: error.message, fieldErrors: [] };
  return { title: 'Something went wrong', fieldErrors: [] };
}

/** Field-error message for one form field, if the backend reported one. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.fieldErrors.find((e) => e.field === field)?.message;
}
