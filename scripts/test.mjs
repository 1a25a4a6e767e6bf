#!/usr/bin/env node
// `npm test`: unit and HTTP integration tests (vitest; SQLite, PostgreSQL and MySQL unless RB_TEST_DBS narrows
// it), then the browser journeys (playwright-core + Debian chromium) unless RB_SKIP_E2E=1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('npx', ['vitest', 'run', ...extra]);
if (process.env.RB_SKIP_E2E !== '1') run('npm', ['run', 'test:e2e']);
