/**
 * On PostgreSQL and MySQL the default source shares one database with the meta store and with every
 * other base. The SQL page therefore never runs there as the meta user: it logs in as a login of its
 * own per base, granted SELECT on that base's tables and nothing else, so `rb_users`, another base's
 * tables or `mysql.user` are refused by the database itself, however the statement is written.
 *
 * The login's password is derived from the server secret, so every app process of a scaled-out
 * installation computes the same one. Creating the login needs a meta user that may create roles
 * (PostgreSQL CREATEROLE, MySQL CREATE USER); without it the page says so.
 */
import { createHash, createHmac } from 'node:crypto';
import { AppError, ErrorCode } from '@rowbase/core/errors';
import type mysql from 'mysql2/promise';
import type pg from 'pg';
import type { AppContext } from '../../context.js';

export interface DefaultLogin {
  user: string;
  password: string;
}

/** The login's name: stable per meta database and base, short enough for MySQL's 32-character limit. */
export function sqlLoginName(metaUrl: string, baseId: string): string {
  const db = new URL(metaUrl).pathname.slice(1);
  return `rb_sql_${createHash('sha256').update(`${db}:${baseId}`).digest('hex').slice(0, 20)}`;
}

function loginFor(ctx: AppContext, baseId: string): DefaultLogin {
  const user = sqlLoginName(ctx.config.db.connection, baseId);
  const password = createHmac('sha256', ctx.config.jwtSecret).update(`sql-page:${user}`).digest('hex');
  return { user, password };
}

const cannotCreate = (err: unknown) =>
  new AppError(
    ErrorCode.NOT_IMPLEMENTED,
    `The SQL page needs a meta database user that may create logins to keep each base apart: ${(err as Error).message}`,
  );

/** Makes sure the base's login exists with the current password and may read exactly `tables`. */
export async function pgDefaultLogin(
  ctx: AppContext,
  baseId: string,
  tables: string[],
): Promise<pg.ClientConfig> {
  const { user, password } = loginFor(ctx, baseId);
  const db = ctx.db;
  try {
    const exists = await db.raw('select 1 from pg_roles where rolname = ?', [user]);
    if (!exists.rows.length) {
      await db
        .raw(`create role ?? login nosuperuser nocreatedb nocreaterole noinherit password '${password}'`, [
          user,
        ])
        .catch(async (err: { code?: string }) => {
          if (err.code !== '42710') throw err; // created meanwhile by another process
        });
    }
    await db.raw(`alter role ?? with login password '${password}'`, [user]);
    const where = (await db.raw('select current_database() as d, current_schema() as s')).rows[0];
    await db.raw('grant connect on database ?? to ??', [where.d, user]);
    await db.raw('grant usage on schema ?? to ??', [where.s, user]);
    for (const t of tables) await db.raw('grant select on table ?? to ??', [t, user]);
  } catch (err) {
    throw cannotCreate(err);
  }
  const url = new URL(ctx.config.db.connection);
  url.username = user;
  url.password = password;
  return { connectionString: url.toString() };
}

export async function mysqlDefaultLogin(
  ctx: AppContext,
  baseId: string,
  tables: string[],
): Promise<mysql.ConnectionOptions> {
  const { user, password } = loginFor(ctx, baseId);
  const db = ctx.db;
  const url = new URL(ctx.config.db.connection);
  const database = decodeURIComponent(url.pathname.slice(1));
  try {
    await db.raw(`create user if not exists ?@'%' identified by ?`, [user, password]);
    await db.raw(`alter user ?@'%' identified by ?`, [user, password]);
    for (const t of tables) await db.raw(`grant select on ??.?? to ?@'%'`, [database, t, user]);
  } catch (err) {
    throw cannotCreate(err);
  }
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user,
    password,
    database,
  };
}
