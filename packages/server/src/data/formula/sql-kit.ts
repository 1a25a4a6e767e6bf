/**
 * Building SQL fragments as knex Raw objects without ever splicing values into text: `kit.sql` is a tagged
 * template whose interpolations must be Raw fragments (compiled sub-expressions, bound literals). Static text
 * comes only from this code, never from a formula.
 */
import type { Knex } from 'knex';

export type Sql = Knex.Raw;

export class SqlKit {
  constructor(readonly knex: Knex) {}

  /** `kit.sql\`UPPER(${x})\`` -> knex.raw('UPPER(?)', [x]). */
  sql = (strings: TemplateStringsArray, ...parts: Sql[]): Sql => {
    for (const s of strings) if (s.includes('?')) throw new Error('Static SQL text must not contain "?"');
    return this.knex.raw(strings.join('?'), parts);
  };

  /** A bound value, wrapped in `template` (one `?`), e.g. 'CAST(? AS numeric)'. */
  bind(value: string | number | boolean, template = '?'): Sql {
    return this.knex.raw(template, [value]);
  }

  /** Fixed SQL text from this code (keywords, NULL, 1): never user text. */
  text(sql: string): Sql {
    if (sql.includes('?')) throw new Error('Static SQL text must not contain "?"');
    return this.knex.raw(sql);
  }

  /** Fragments joined by a fixed separator. */
  join(parts: readonly Sql[], separator: string): Sql {
    if (separator.includes('?')) throw new Error('Separator must not contain "?"');
    return this.knex.raw(parts.map(() => '?').join(separator), [...parts]);
  }
}
