/** A fresh PostgreSQL database for one benchmark run, dropped afterwards (BENCH_PG_URL names the server). */
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function scratchPg(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rb_bench_${randomBytes(4).toString('hex')}`;
  const admin = () => knexFactory({ client: 'pg', connection: ADMIN_URL, pool: { min: 0, max: 1 } });
  const a = admin();
  await a.raw(`create database "${name}"`);
  await a.destroy();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      // BENCH_KEEP_DATA=1 leaves the database behind to study query plans (as the SQLite data directory).
      if (process.env.BENCH_KEEP_DATA) return void console.error(`bench database kept: ${name}`);
      const d = admin();
      await d.raw(`drop database if exists "${name}" with (force)`);
      await d.destroy();
    },
  };
}
