/** Runs the meta-store migrations, compiled in (no file scanning), on SQLite, PostgreSQL and MySQL alike. */
import type { Knex } from 'knex';
import { migrations } from './migrations/index.js';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map((m) => m.name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const m = migrations.find((x) => x.name === name);
    if (!m) throw new Error(`Unknown migration ${name}`);
    return { up: m.up, down: m.down };
  },
};

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource: source, tableName: 'rb_migrations' });
}
