import { defineConfig } from 'vitest/config';

// RB_E2E_REPORT (set by scripts/test.mjs) also writes a JSON report so `npm test` can print one total.
const report = process.env.RB_E2E_REPORT;

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A real browser on a shared 2-core machine: a journey step that loses a race with an animation gets one
    // more try in CI; a real failure fails twice. Locally every failure shows at once.
    retry: process.env.CI ? 1 : 0,
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: report } : undefined,
  },
});
