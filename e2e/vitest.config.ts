import { defineConfig } from 'vitest/config';

// RB_E2E_REPORT (set by scripts/test.mjs) also writes a JSON report so `npm test` can print one total.
const report = process.env.RB_E2E_REPORT;

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: report } : undefined,
  },
});
