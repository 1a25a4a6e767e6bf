/**
 * PostgreSQL row reads without knex's per-query work (docs/performance.md, "A warm read, step by step"): a
 * compiled SELECT (SQL with `$n` placeholders) runs on a pooled connection, and its rows come back as the
 * driver parses them, as knex would return them, except dates and timestamps without zone (below). Through a
 * transaction, its own connection is used.
 */
import type { Knex } from 'knex';
import type { NativeQuery } from './sqlite-statements.js';

type TypeParser = (text: string) => unknown;

interface PgConnection {
  query(config: {
    text: string;
    values: readonly unknown[];
    types: PgTypes;
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PgTypes {
  getTypeParser(oid: number, format?: string): TypeParser;
}

interface PgClient {
  /** The `pg` module knex loaded (not imported here: a SQLite-only server never loads it). */
  driver: { types: PgTypes };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<unknown>;
}

const DATE_OID = 1082;
const TIMESTAMP_OID = 1114;

/**
 * `date` and `timestamp` (without zone) values stay as PostgreSQL's text ('2024-01-02', '2024-01-02 03:04:05.5'):
 * the driver would build a local Date from them (a regex and a Date per cell, about a tenth of a warm page's CPU)
 * that the field codec formats back into the same digits (docs/performance.md, "Dates as text on PostgreSQL").
 * Only plain four-digit years ending in a digit are kept: infinity, BC and years past 9999 go through the
 * driver's parser as before. Timestamps with a zone are left to the driver: their text depends on the session.
 */
function keptAsText(parse: TypeParser): TypeParser {
  return (text) => (text.charCodeAt(4) === 45 && isDigit(text.charCodeAt(text.length - 1)) ? text : parse(text));
}

const isDigit = (c: number) => c >= 48 && c <= 57;

const readTypesOf = new WeakMap<PgTypes, PgTypes>();

/** The driver's parsers, with dates and timestamps without zone kept as text. */
function readTypes(driver: PgTypes): PgTypes {
  let types = readTypesOf.get(driver);
  if (!types) {
    const date = keptAsText(driver.getTypeParser(DATE_OID, 'text'));
    const timestamp = keptAsText(driver.getTypeParser(TIMESTAMP_OID, 'text'));
    types = {
      getTypeParser: (oid, format = 'text') =>
        format !== 'text' ? driver.getTypeParser(oid, format) : oid === DATE_OID ? date : oid === TIMESTAMP_OID ? timestamp : driver.getTypeParser(oid, format),
    };
    readTypesOf.set(driver, types);
  }
  return types;
}

/**
 * Runs a compiled SELECT on PostgreSQL. A failure carries the SQL in front of the database's words, as knex
 * puts it (the error handler keeps only the words after the last ` - `).
 */
export async function selectPgNative(db: Knex | Knex.Transaction, q: NativeQuery): Promise<Record<string, unknown>[]> {
  const client = db.client as PgClient;
  const conn = await client.acquireConnection();
  try {
    return (await conn.query({ text: q.sql, values: q.bindings, types: readTypes(client.driver.types) })).rows;
  } catch (err) {
    if (err instanceof Error) err.message = `${q.sql} - ${err.message}`;
    throw err;
  } finally {
    await client.releaseConnection(conn);
  }
}
