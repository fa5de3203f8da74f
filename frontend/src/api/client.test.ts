import { mockFetch } from '../test/utils';
import { api, setUnauthorizedHandler, unwrap } from './client';
import { readCookie, XSRF_HEADER } from './csrf';
import { ApiError } from './problem';

const operation = {
  id: '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b',
  type: 'BALANCER_RUN',
  target: 'cluster local',
  state: 'PENDING',
  progress: 0,
  createdBy: 'ops',
  createdAt: '2025-11-21T15:46:00Z',
};

describe('CSRF header', () => {
  it('sends X-XSRF-TOKEN from the cookie on mutations, read at request time', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/clusters/1/balancer': { status: 202, body: operation },
      'DELETE /api/v1/tokens/7': { status: 204 },
    });
    document.cookie = 'XSRF-TOKEN=first-token; path=/';
    await unwrap(
      api.POST('/clusters/{clusterId}/balancer', { params: { path: { clusterId: 1 } } }),
    );
    document.cookie = 'XSRF-TOKEN=rotated%2Btoken; path=/';
    await unwrap(api.DELETE('/tokens/{tokenId}', { params: { path: { tokenId: 7 } } }));

    expect(requests[0]!.headers.get(XSRF_HEADER)).toBe('first-token');
    expect(requests[1]!.headers.get(XSRF_HEADER)).toBe('rotated+token');
  });

  it('does not send it on GET', async () => {
    const { requests } = mockFetch({ 'GET /api/v1/clusters': { body: [] } });
    document.cookie = 'XSRF-TOKEN=t; path=/';
    await unwrap(api.GET('/clusters'));
    expect(requests[0]!.headers.has(XSRF_HEADER)).toBe(false);
  });

  it('sends no header when there is no cookie yet (login)', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/auth/login': { body: { username: 'a', role: 'VIEWER' } },
    });
    await unwrap(api.POST('/auth/login', { body: { username: 'a', password: 'b' } }));
    expect(requests[0]!.headers.has(XSRF_HEADER)).toBe(false);
    expect(requests[0]!.body).toEqual({ username: 'a', password: 'b' });
  });
});

describe('errors and 401', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('throws ApiError with the problem', async () => {
    mockFetch({
      'POST /api/v1/users': {
        status: 400,
        body: {
          title: 'Invalid',
          status: 400,
          code: 'validation-failed',
          errors: [{ field: 'password', message: 'too short' }],
        },
      },
    });
    const call = unwrap(
      api.POST('/users', { body: { username: 'bob', password: 'x', role: 'VIEWER' } }),
    );
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 400, code: 'validation-failed' });
  });

  it('reports an expired session (401) to the app, but not for /auth/me or login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const unauthorized = {
      status: 401,
      body: { title: 'Unauthorized', status: 401, code: 'unauthenticated' },
    };
    mockFetch({
      'GET /api/v1/clusters': unauthorized,
      'GET /api/v1/auth/me': unauthorized,
      'POST /api/v1/auth/login': unauthorized,
    });

    await expect(unwrap(api.GET('/auth/me'))).rejects.toMatchObject({ status: 401 });
    await expect(
      unwrap(api.POST('/auth/login', { body: { username: 'a', password: 'b' } })),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();

    await expect(unwrap(api.GET('/clusters'))).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a readable ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(unwrap(api.GET('/clusters'))).rejects.toMatchObject({
      status: 0,
      code: 'network-error',
    });
  });
});

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
    expect(readCookie('XSRF-TOKEN', '')).toBeUndefined();
  });
});
