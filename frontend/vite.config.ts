/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The backend (Spring Boot, :8080) serves dist/ at `/` and owns everything under /api.
export default defineConfig({
  plugins: [react()],
  server: {
    // The reason-map test reads the API contract (../backend/openapi/openapi.yaml?raw).
    fs: { allow: ['.', '../backend/openapi'] },
    proxy: {
      // SSE streams (/api/v1/operations/{id}/stream) pass through this proxy unbuffered.
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // ECharts is one lazily loaded ~615 kB chunk (bar, line, heatmap, treemap), fetched only by
    // pages with charts
    chunkSizeWarningLimit: 650,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // timeouts catch hangs, not slowness: make test runs these beside the Java integration tests, where a
    // 1-2 s test can take 5 s (vitest's default limit) on a busy 2-core box
    testTimeout: 30_000,
    hookTimeout: 30_000,
    unstubGlobals: true,
    // the junit file is read by tools/failures.py for make test's summary
    reporters: ['default', 'junit'],
    outputFile: { junit: 'test-results/vitest-junit.xml' },
  },
});
