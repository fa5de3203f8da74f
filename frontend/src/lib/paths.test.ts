import { apiUrls, paths, safeNext } from './paths';

describe('paths', () => {
  it('builds route URLs with encoded segments', () => {
    expect(paths.cluster(3)).toBe('/clusters/3');
    expect(paths.operation('3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b')).toBe(
      '/operations/3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b',
    );
    expect(apiUrls.user('a b')).toBe('/api/v1/users/a%20b');
  });

  it('adds only set query parameters', () => {
    expect(paths.audit()).toBe('/audit');
    expect(paths.audit({ username: 'admin', page: 0, result: 'DENIED' })).toBe(
      '/audit?username=admin&result=DENIED',
    );
    expect(paths.audit({ page: 2, size: 25 })).toBe('/audit?page=2&size=25');
    expect(paths.operations({ state: 'RUNNING' })).toBe('/operations?state=RUNNING');
  });

  it('accepts only in-app paths as post-login target', () => {
    expect(paths.login('/clusters/1')).toBe('/login?next=%2Fclusters%2F1');
    expect(paths.login()).toBe('/login');
    expect(safeNext('//evil.example')).toBeUndefined();
    expect(safeNext('https://evil.example')).toBeUndefined();
    expect(safeNext('/login?next=/x')).toBeUndefined();
    expect(safeNext('/audit?page=2')).toBe('/audit?page=2');
  });
});
