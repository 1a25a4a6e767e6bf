/**
 * Plugins (e-mail and storage). One row per plugin the server knows; the rows are added on first use from the
 * definitions in `src/plugins/catalog.ts`. `input` holds the settings sealed with the server's secret box, so
 * passwords and access keys are never stored in clear.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_plugins', (t) => {
    t.string('id', ID).primary();
    t.string('title', 100).notNullable().unique();
    t.string('category', 40).notNullable();
    t.boolean('active').notNullable().defaultTo(false);
    t.text('input');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_plugins');
}
