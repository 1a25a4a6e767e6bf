/**
 * The app processes using this meta store, each beating a heartbeat: at start a process looks here to refuse
 * sharing the database with another live process when either lacks Redis (their caches would go stale).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_processes', (t) => {
    t.string('id', 36).primary();
    t.string('host', 255).notNullable();
    t.integer('pid').notNullable();
    t.boolean('redis').notNullable();
    t.bigInteger('started_at').notNullable();
    t.bigInteger('beat_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_processes');
}
