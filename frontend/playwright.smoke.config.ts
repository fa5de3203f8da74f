import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * Smoke run without a backend: the built console (`vite preview` of dist/) with the API mocked
 * by page.route from one fixture set (e2e/smoke/mockData.ts). Checks that the pages show the
 * fixtures' figures; writes screenshots to test-results/smoke/. Starts its own preview on
 * SMOKE_PORT (default 4173; run `npm run build` first) unless SMOKE_URL names a running one.
 */
const port = Number(process.env.SMOKE_PORT ?? 4173);
const external = process.env.SMOKE_URL;

export default defineConfig({
  testDir: './e2e/smoke',
  outputDir: './test-results/smoke-output',
  workers: 1,
  timeout: 60_000,
  // Runs advance one poll (1 s) at a time; the machine may be busy with other builds.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['junit', { outputFile: 'test-results/smoke-junit.xml' }]],
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1360, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // --strictPort: a preview of another checkout on the port must not be tested by mistake.
  webServer: external
    ? undefined
    : {
        command: `npx vite preview --port ${port} --strictPort`,
        url: `http://localhost:${port}`,
        reuseExistingServer: false,
        timeout: 30_000,
      },
  projects: [{ name: 'smoke' }],
});
