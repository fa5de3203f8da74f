import { BALANCER_SHELL, curlCommand } from './shell';

describe('shell equivalents', () => {
  it('runs the balancer like the backend does', () => {
    expect(BALANCER_SHELL).toEqual(['hbase shell> balance_switch true', 'hbase shell> balancer']);
  });

  it('builds curl calls with a token and never prints a password', () => {
    expect(curlCommand('POST', '/api/v1/operations/x/cancel')).toBe(
      'curl -sS -X POST -H "Authorization: Bearer $GRANARY_TOKEN" "$GRANARY_URL/api/v1/operations/x/cancel"',
    );
    const create = curlCommand('POST', '/api/v1/users', {
      username: "o'neil",
      password: 'secret-secret',
      role: 'VIEWER',
    });
    expect(create).not.toContain('secret-secret');
    expect(create).toContain(
      `-d '{"username":"o'\\''neil","password":"<password>","role":"VIEWER"}'`,
    );
  });
});
