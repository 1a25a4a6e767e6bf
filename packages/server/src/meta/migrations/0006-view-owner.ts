/**
 * The owner of a view: who created it, or who last made it personal. A personal view's settings (fields,
 * filters, sorts, type settings) change only through its owner; see docs/views.md.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_views', (t) => {
    t.string('owned_by', 20);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_views', (t) => {
    t.dropColumn('owned_by');
  });
}
