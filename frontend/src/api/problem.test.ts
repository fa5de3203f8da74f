import { ApiError, describeError, fieldError, parseProblem } from './problem';

describe('parseProblem', () => {
  it('keeps code, detail and per-field errors of an RFC 9457 problem', () => {
    const problem = parseProblem(400, {
      type: 'https://granary.io/problems/validation-failed',
      title: 'Invalid request',
      status: 400,
      code: 'validation-failed',
      detail: 'The request has 2 invalid fields.',
      traceId: 'abc123',
      errors: [
        { field: 'password', message: 'must be at least 10 characters' },
        { field: 'username', message: 'must match ^[a-z][a-z0-9_.-]{1,31}$' },
      ],
    });
    expect(problem.code).toBe('validation-failed');
    expect(problem.detail).toBe('The request has 2 invalid fields.');
    expect(problem.traceId).toBe('abc123');
    expect(problem.errors).toEqual([
      { field: 'password', message: 'must be at least 10 characters' },
      { field: 'username', message: 'must match ^[a-z][a-z0-9_.-]{1,31}$' },
    ]);
  });

  it('parses a problem given as a JSON string', () => {
    const problem = parseProblem(
      409,
      '{"title":"Conflict","status":409,"code":"balancer-running","detail":"A balancer run is in progress."}',
    );
    expect(problem.code).toBe('balancer-running');
    expect(problem.detail).toBe('A balancer run is in progress.');
  });

  it('turns HTML or empty bodies into a generic problem without exposing the body', () => {
    const html = parseProblem(502, '<html><body>Bad Gateway</body></html>');
    expect(html.title).toBe('The Granary server is not responding');
    expect(html.code).toBe('http-502');
    expect(html.detail).toBeUndefined();
    expect(parseProblem(403, undefined).title).toBe('Your role does not allow this');
    expect(parseProblem(418, '').title).toBe('Request failed (HTTP 418)');
  });

  it('tolerates malformed field errors', () => {
    const problem = parseProblem(400, { code: 'x', errors: [{ field: 'name' }, 'junk', null] });
    expect(problem.errors).toEqual([{ field: 'name', message: 'is invalid' }]);
  });
});

describe('describeError / fieldError', () => {
  const error = ApiError.from(400, {
    title: 'Invalid request',
    status: 400,
    code: 'validation-failed',
    detail: 'Check the fields.',
    errors: [{ field: 'password', message: 'too short' }],
  });

  it('gives headline, detail and field errors', () => {
    expect(describeError(error)).toEqual({
      title: 'Invalid request',
      detail: 'Check the fields.',
      fieldErrors: [{ field: 'password', message: 'too short' }],
      code: 'validation-failed',
      traceId: undefined,
    });
    expect(error.message).toBe('Check the fields.');
    expect(error.status).toBe(400);
  });

  it('finds the error for one field', () => {
    expect(fieldError(error, 'password')).toBe('too short');
    expect(fieldError(error, 'username')).toBeUndefined();
    expect(fieldError(new Error('x'), 'password')).toBeUndefined();
  });

  it('describes network failures and plain errors', () => {
    expect(describeError(ApiError.network(new TypeError('Failed to fetch'))).title).toBe(
      'Cannot reach the Granary server',
    );
    expect(describeError(new Error('boom'))).toMatchObject({
      title: 'Something went wrong',
      detail: 'boom',
    });
  });
});
