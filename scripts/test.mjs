#!/usr/bin/env node
// `npm test`: unit and HTTP integration tests (vitest; SQLite, PostgreSQL and MySQL unless RB_TEST_DBS narrows
// it), then the browser journeys (playwright-core + Debian chromium) unless RB_SKIP_E2E=1. Ends with one
// summary line, 'tests: N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'rowbase-test-'));
const extra = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function count(reportFile) {
  if (!existsSync(reportFile)) return;
  const r = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function finish(status) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(status);
}

// The scale-out tests start real server processes from packages/server/dist: build it first.
let status = run('npm', ['run', 'build:ts']);
if (status !== 0) finish(status);

const unitReport = path.join(reports, 'vitest.json');
status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
  ...extra,
]);
count(unitReport);
if (status !== 0) finish(status);

if (process.env.RB_SKIP_E2E !== '1') {
  const e2eReport = path.join(reports, 'e2e.json');
  status = run('npm', ['run', 'test:e2e'], { RB_E2E_REPORT: e2eReport });
  count(e2eReport);
}
finish(status);
