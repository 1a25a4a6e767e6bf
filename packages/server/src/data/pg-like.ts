/**
 * PostgreSQL `like` searches without a trigram index (docs/performance.md, "Text search"): a cheap exact
 * pre-check in front of ILIKE.
 *
 * ILIKE in a UTF-8 database lowercases every value before matching: reading 100,000 titles with
 * `ilike '%Item 10125%'` took five times as long as reading them with a case-sensitive test. The first
 * search of a field runs before its trigram index exists (and a table that gets no automatic indexes never
 * has one), so it reads the whole table that way.
 *
 * Characters that have no case (ASCII digits, space and punctuation) are left as they are by lowercasing, and
 * no other character lowercases to one of them. So a run of them in the pattern must appear, as it is, in
 * every value ILIKE accepts: `value like '% 10125%'` (case-sensitive, no lowercasing) is true for every such
 * row. ILIKE still decides on the rows that pass, so the answer is ILIKE's, row for row. It is a LIKE, not
 * `strpos`, because PostgreSQL runs the cheaper-looking test first and costs a function call above an
 * operator; as an equal it keeps the written order. A trigram index serves both tests.
 */

import type { FilterNode } from '@rowbase/core/filters/where';

/** A run of ASCII characters without case, wildcards (`%`, `_`) or the escape (`\`): a literal LIKE pattern as it is. */
const CASELESS_RUN = /[0-9 !"#$&'()*+,\-./:;<=>?@[\]^`{|}~]+/g;
/** Shorter runs reject too few rows to pay for the extra test. */
const MIN_RUN = 2;

/**
 * The longest run of caseless characters of a LIKE pattern (as `likePattern` makes it), when it is worth a
 * pre-check: at least two characters, not only spaces.
 * @example caselessRun('%Item 10125%') // ' 10125'
 */
export function caselessRun(pattern: string): string | undefined {
  let best: string | undefined;
  for (const [run] of pattern.matchAll(CASELESS_RUN)) {
    if (run.length >= MIN_RUN && run.trim() !== '' && run.length > (best?.length ?? 0)) best = run;
  }
  return best;
}

/**
 * Whether a filter searches text with `like` anywhere in its tree. On PostgreSQL such a page runs before its
 * count, and the count only when the page is full (docs/performance.md, "Text search"): without a trigram
 * index both read the whole table, and most searches match fewer rows than a page holds, so the short page
 * is its own count.
 * @example searchesText(parseWhere('(Status,eq,open)~and(Title,like,pie)')) // true
 */
export function searchesText(where: readonly FilterNode[] | undefined): boolean {
  return (where ?? []).some((n) => (n.type === 'group' ? searchesText(n.children) : n.op === 'like'));
}
