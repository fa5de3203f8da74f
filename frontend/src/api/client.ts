import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema';
import { applyCsrfHeader } from './csrf';
import { ApiError } from './problem';

export const API_BASE_PATH = '/api/v1';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app registers what a 401 means (forget the user → the route guard shows the login page). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** Schema paths whose 401 is an expected answer, not an expired session. */
const UNAUTHORIZED_IS_ANSWER = new Set(['/auth/login', '/auth/me']);

const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    return applyCsrfHeader(request);
  },
};

const unauthorizedMiddleware: Middleware = {
  onResponse({ response, schemaPath }) {
    if (response.status === 401 && !UNAUTHORIZED_IS_ANSWER.has(schemaPath)) {
      unauthorizedHandler?.();
    }
    return undefined;
  },
};

function baseUrl(): string {
  // Absolute so that Request() also works outside a browser (unit tests under jsdom).
  return new URL(API_BASE_PATH, window.location.origin).toString();
}

export const api = createClient<paths>({
  baseUrl: baseUrl(),
  credentials: 'same-origin',
  headers: { Accept: 'application/json, application/problem+json' },
  // Resolve fetch/Request at call time so tests can stub them.
  fetch: (request) => globalThis.fetch(request),
});
api.use(csrfMiddleware, unauthorizedMiddleware);

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError built from the
 * problem+json body. Network failures become ApiError with status 0.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (e) {
    throw ApiError.network(e);
  }
  const { data, error, response } = result;
  if (!response.ok) throw ApiError.from(response.status, error);
  return data as T;
}
