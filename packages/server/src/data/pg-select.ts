/**
 * PostgreSQL row reads without knex's per-query work (docs/performance.md, "A warm read, step by step"): a
 * compiled SELECT (SQL with `$n` placeholders) runs on a pooled connection, and its rows come back as the
 * driver parses them, as knex would return them, except dates and timestamps without zone (below). Through a
 * transaction, its own connection is used. A text seen before runs as a named statement (docs/performance.md,
 * "Named statements on PostgreSQL").
 */
import type { Knex } from 'knex';
import { namesStatements } from './pg-session.js';
import { statementGeneration, statementName } from './pg-statement-names.js';
import type { NativeQuery } from './sqlite-statements.js';

type TypeParser = (text: string) => unknown;

interface PgConnection {
  query(config: {
    text: string;
    name?: string;
    values: readonly unknown[];
    types: PgTypes;
  }): Promise<{ rows: Record<string, unknown>[] }>;
  query(sql: string): Promise<unknown>;
  /** The driver's record of the statements this connection has parsed, by name (`pg` 8). */
  connection?: { parsedStatements?: Record<string, string> };
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

/** The statement generation each connection's named statements belong to (pg-statement-names.ts). */
const generationOf = new WeakMap<PgConnection, number>();

/**
 * The name to send this SQL under on this connection, or undefined: only outside transactions (a failed
 * statement there cannot be retried), on connections planned per execution (pg-session.ts) whose driver keeps
 * its parsed statements where they can be dropped. Statements of an older generation are dropped first.
 */
async function nameOn(db: Knex | Knex.Transaction, conn: PgConnection, sql: string): Promise<string | undefined> {
  if ((db as Knex.Transaction).isTransaction || !namesStatements(conn)) return undefined;
  const parsed = conn.connection?.parsedStatements;
  if (!parsed || typeof parsed !== 'object') return undefined;
  const name = statementName(sql);
  if (name === undefined) return undefined;
  const generation = statementGeneration();
  const held = generationOf.get(conn);
  if (held !== undefined && held !== generation && Object.keys(parsed).length > 0) {
    await conn.query('deallocate all');
    for (const key of Object.keys(parsed)) delete parsed[key];
  }
  generationOf.set(conn, generation);
  return name;
}

/** PostgreSQL refuses a prepared statement whose columns changed since it was parsed (a field's type changed). */
const isStaleStatement = (err: unknown) =>
  (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));

/**
 * Runs a compiled SELECT on PostgreSQL, as a named statement once its text has been seen before
 * (pg-statement-names.ts). A failure carries the SQL in front of the database's words, as knex puts it (the
 * error handler keeps only the words after the last ` - `).
 */
export async function selectPgNative(db: Knex | Knex.Transaction, q: NativeQuery): Promise<Record<string, unknown>[]> {
  const client = db.client as PgClient;
  const conn = await client.acquireConnection();
  try {
    const types = readTypes(client.driver.types);
    const name = await nameOn(db, conn, q.sql);
    try {
      return (await conn.query({ text: q.sql, name, values: q.bindings, types })).rows;
    } catch (err) {
      if (name === undefined || !isStaleStatement(err)) throw err;
      // Parsed before a column's type changed: drop it and parse the text again under the same name.
      await conn.query(`deallocate "${name}"`);
      delete conn.connection?.parsedStatements?.[name];
      return (await conn.query({ text: q.sql, name, values: q.bindings, types })).rows;
    }
  } catch (err) {
    if (err instanceof Error) err.message = `${q.sql} - ${err.message}`;
    throw err;
  } finally {
    await client.releaseConnection(conn);
  }
}
