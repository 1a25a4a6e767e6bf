/**
 * Names for the SELECTs that PostgreSQL row reads send again and again (docs/performance.md, "Named statements
 * on PostgreSQL"). Filter values are bound per request (filter-sql.ts), so one SQL text serves every request of
 * a shape: sent as a named statement, each pooled connection parses it once and then only binds and runs it.
 *
 * A text gets a name the second time it is seen (a one-off statement is never kept on the server). At most
 * `MAX_NAMED` texts are named at once; past that the names start over in a new generation, and a connection
 * that holds statements of an older one drops them all (`deallocate all`) before its next named read, so the
 * statements a server keeps stay bounded whatever the meta changes.
 */

export const MAX_NAMED = 200;
const MAX_SEEN = 2_000;

let generation = 0;
let named = new Map<string, string>();
let seenOnce = new Set<string>();

/** The statement name for this SQL text, or undefined to send it unnamed (first sighting, or a full set). */
export function statementName(sql: string): string | undefined {
  const name = named.get(sql);
  if (name !== undefined) return name;
  if (!seenOnce.has(sql)) {
    if (seenOnce.size >= MAX_SEEN) seenOnce = new Set();
    seenOnce.add(sql);
    return undefined;
  }
  seenOnce.delete(sql);
  if (named.size >= MAX_NAMED) {
    generation++;
    named = new Map();
  }
  const fresh = `rb_${generation}_${named.size}`;
  named.set(sql, fresh);
  return fresh;
}

/** The current generation: a connection whose statements are of an older one drops them first. */
export function statementGeneration(): number {
  return generation;
}
