#!/usr/bin/env node
/**
 * Fails when a package's runtime imports form a cycle (type-only imports are erased by the compiler and do not
 * count). Cycles make module initialisation order matter; the layout of docs/architecture.md keeps dependencies one-way.
 * Run by `npm run lint`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['packages/core/src', 'packages/server/src', 'packages/web/src'];
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, 'index' + e)),
  ])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/** Relative runtime imports and re-exports of a file (not `import type`, not `export type`). */
function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"](\.[^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    if (m[2]) continue;
    // `import { type A, type B } from` is erased too.
    const names = /^\{([^}]*)\}$/.exec(m[3].trim());
    if (names && names[1].split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    const target = resolve(file, m[4]);
    if (target) found.push(target);
  }
  for (const m of text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm)) {
    const target = resolve(file, m[1]);
    if (target) found.push(target);
  }
  return found;
}

const cycles = [];
for (const root of ROOTS) {
  const files = sourceFiles(path.resolve(root));
  const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
  const state = new Map(); // 1 = on the stack, 2 = done
  const stack = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const f of files) if (!state.has(f)) visit(f);
}

if (cycles.length) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const c of cycles) console.error('  ' + c.map((f) => path.relative(process.cwd(), f)).join(' -> '));
  process.exit(1);
}
console.log('No import cycles.');
