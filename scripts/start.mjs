#!/usr/bin/env node
// `npm start`: build what is not built yet (core, server, web), then run the server in this process's place.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rebuild = process.argv.includes('--rebuild');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, ...sources) {
  if (rebuild || !existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

function run(args) {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (stale(path.join(root, 'packages/server/dist/main.js'), 'packages/core/src', 'packages/server/src')) {
  console.log('Building core and server…');
  run(['run', 'build:ts']);
}
if (stale(path.join(root, 'packages/web/dist/index.html'), 'packages/core/src', 'packages/web/src')) {
  console.log('Building the web app…');
  run(['run', 'build:web']);
}

await import(path.join(root, 'packages/server/dist/main.js'));
