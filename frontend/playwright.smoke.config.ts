import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * Smoke run without a backend: the built console (`vite preview`, default :4173) with the API
 * mocked by page.route. Checks that Chromium launches and the pages render; writes screenshots
 * to test-results/smoke/.
 */
export default defineConfig({
  testDir: './e2e/smoke',
  outputDir: './test-results/smoke-output',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: process.env.SMOKE_URL ?? 'http://localhost:4173',
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1360, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'smoke' }],
});
