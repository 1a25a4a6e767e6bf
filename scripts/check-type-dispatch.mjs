#!/usr/bin/env node
/**
 * Keeps field-type knowledge in the registries (docs/architecture.md, "The field registry"): fails when source
 * code (tests excepted) compares a UI type with a type name (`uidt === 'Barcode'`, or a list of names written in
 * place) more often than the ceiling below, or casts `colOptions` more often than its ceiling. Ask the definition instead: a flag or value kind of
 * core `fields/traits.ts`, an options accessor of `fields/col-options.ts`, or the web's `CELL_TYPES`.
 * Lower a ceiling when a use goes; never raise one. Run by `npm run lint`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['packages/core/src', 'packages/server/src', 'packages/web/src'];

/** The checks and how many of each the code may hold. */
const CHECKS = [
  {
    what: 'UI type compared with a type name',
    // `uidt === 'X'`, `uidt !== "X"` and the reverse order; `typeof uidt === 'string'` is not a type check.
    pattern: /(?<!typeof\s+)\b\w*uidt\s*[!=]==?\s*['"`]|['"`]\w+['"`]\s*[!=]==?\s*[\w.?]*\buidt\b/g,
    ceiling: 0,
  },
  {
    what: 'UI type looked up in a list of type names written in place',
    // `['Button', 'JSON'].includes(column.uidt)`: a flag of those types' definitions says it once.
    pattern: /\[\s*['"]\w+['"][^\]]*\]\.includes\([\w.?]*uidt\)/g,
    ceiling: 0,
  },
  {
    what: 'cast of colOptions',
    // The accessor of fields/col-options.ts narrows once; two service glue casts (`as never`) remain.
    pattern: /colOptions\)?\s+as\s/g,
    ceiling: 3,
  },
];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every match of `pattern` in the sources, as `file:line: text`. */
export function findUses(pattern, roots = ROOTS) {
  const uses = [];
  for (const file of roots.flatMap(sourceFiles)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const _ of line.matchAll(pattern)) uses.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return uses;
}

let failed = false;
for (const check of CHECKS) {
  const uses = findUses(check.pattern);
  if (uses.length > check.ceiling) {
    failed = true;
    console.error(`${check.what}: ${uses.length} uses, at most ${check.ceiling} allowed:`);
    for (const u of uses) console.error(`  ${u}`);
  }
}
if (failed) {
  console.error(
    'Put the knowledge in the field definition instead (docs/architecture.md, "The field registry").',
  );
  process.exit(1);
}
console.log(`Type dispatch: ${CHECKS.map((c) => `${c.what} ≤ ${c.ceiling}`).join(', ')}.`);
