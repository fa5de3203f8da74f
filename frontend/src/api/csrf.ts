/** Name of the readable cookie the backend sets after login (Spring's CookieCsrfTokenRepository). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header every non-GET request must carry. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Reads one cookie from document.cookie; undefined when absent. */
export function readCookie(
  name: string,
  cookieString: string = document.cookie,
): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      return decodeURIComponent(part.slice(eq + 1).trim());
    }
  }
  return undefined;
}

export function needsCsrf(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Adds the X-XSRF-TOKEN header to a mutating request. The cookie is read at request time
 * because the backend rotates it (e.g. on login).
 */
export function applyCsrfHeader(request: Request): Request {
  if (!needsCsrf(request.method)) return request;
  const token = readCookie(XSRF_COOKIE);
  if (token) request.headers.set(XSRF_HEADER, token);
  return request;
}
