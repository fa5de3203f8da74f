import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { connect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

// A second control plane of its own (no cluster), on HTTPS with its generated certificate: what an
// operator meets on a host that binds the console to a real address.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIR = path.join(ROOT, 'var', 'e2e', 'tls-control-plane');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The certificate the console serves, read without trusting it (as a browser's first visit does). */
function servedCertificate(port: number): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      resolve(new X509Certificate(raw));
    });
    socket.on('error', reject);
  });
}

test('the console over HTTPS: HTTP redirects, the generated certificate pinned, Secure cookies', async () => {
  test.setTimeout(240_000);
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const password = randomBytes(12).toString('base64url');
  rmSync(DIR, { recursive: true, force: true });
  const env = {
    ...process.env,
    GRANARY_DATA_DIR: DIR,
    GRANARY_LOCAL_DIR: path.join(DIR, 'no-local-cluster'),
    GRANARY_PORT: String(httpPort),
    GRANARY_TLS: 'self-signed',
    GRANARY_TLS_PORT: String(httpsPort),
    GRANARY_ADMIN_PASSWORD: password,
  };
  const backend = (action: string) =>
    execFileSync(path.join(ROOT, 'tools', 'backend.sh'), [action], {
      env,
      timeout: 180_000,
    }).toString();
  expect(backend('start')).toContain(`https://127.0.0.1:${httpsPort}`);
  try {
    const cert = await servedCertificate(httpsPort);
    const spki = createHash('sha256')
      .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');

    // Chromium alone does not trust it ...
    const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await plain.newPage();
      await expect(page.goto(`https://127.0.0.1:${httpsPort}/login`)).rejects.toThrow(/ERR_CERT/);
    } finally {
      await plain.close();
    }

    // ... and trusts exactly this key once pinned, as an operator who checked the fingerprint
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${spki}`],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${httpPort}/login`);
      await expect(page).toHaveURL(`https://127.0.0.1:${httpsPort}/login`);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('current-user')).toHaveText('admin');

      const cookies = await page.context().cookies();
      for (const name of ['GRANARY_SESSION', 'XSRF-TOKEN']) {
        const cookie = cookies.find((c) => c.name === name);
        expect(cookie, name).toBeDefined();
        expect(cookie?.secure, `${name} is Secure`).toBe(true);
      }

      // the Users page names the certificate the browser was served; HSTS keeps it on HTTPS
      const users = await page.goto(`https://127.0.0.1:${httpsPort}/users`);
      expect(users?.headers()['strict-transport-security']).toBe('max-age=31536000');
      await expect(page.getByTestId('tls-sha256')).toHaveText(cert.fingerprint256);
      await expect(page.getByTestId('tls-mode')).toHaveText('generated, self-signed');
    } finally {
      await browser.close();
    }
  } finally {
    backend('stop');
  }
});
