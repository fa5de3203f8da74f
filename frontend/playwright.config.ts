import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { GRANARY_URL } from './e2e/env';

/**
 * End-to-end specs against an already running Granary stack (backend + local engine cluster).
 * Serial on purpose: the specs share one real cluster and 05 stops a DataNode.
 * Browser: Debian's /usr/bin/chromium (no Playwright browser download).
 */
export default defineConfig({
  testDir: './e2e/specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // One retry in CI: the lab specs install real clusters on a 2-core machine shared with the
  // stack under test. A test that passes only on its retry is named in make test's summary.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // read by tools/failures.py for make test's summary (failed, and flaky: passed on the retry)
    ['junit', { outputFile: 'test-results/e2e-junit.xml' }],
    ['json', { outputFile: 'test-results/e2e.json' }],
  ],
  use: {
    baseURL: GRANARY_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'granary' }],
});
