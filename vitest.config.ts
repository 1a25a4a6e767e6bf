import { defineConfig } from 'vitest/config';

// Resolve workspace packages from their TypeScript sources (the "source" export condition).
const resolve = { conditions: ['source'] };
const ssr = { resolve: { conditions: ['source'], externalConditions: ['source'] } };

export default defineConfig({
  resolve,
  ssr,
  test: {
    // Vitest's default is one worker per core but one (a single fork on a 2-core machine), and the server's tests
    // mostly wait on PostgreSQL, MySQL, Redis, HTTP and timers: three forks keep both cores busy. Every test file
    // has its own scratch databases, Redis key prefix and ports.
    maxWorkers: 3,
    projects: [
      { resolve, ssr, test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'web', root: 'packages/web', include: ['src/**/*.test.ts'] } },
      {
        resolve,
        ssr,
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
