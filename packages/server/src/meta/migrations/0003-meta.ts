/**
 * Meta for bases, tables and fields: the column flags NocoDB clients read (`dtx`, `ct`, `altered`), table
 * descriptions, and the view visibility rules per base role.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_columns', (t) => {
    t.string('dtx', 64);
    t.text('ct');
    t.integer('altered');
    t.text('description');
  });
  await knex.schema.alterTable('rb_models', (t) => {
    t.text('description');
  });
  await knex.schema.createTable('rb_visibility_rules', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('fk_view_id', ID).notNullable();
    t.string('role', 32).notNullable();
    t.boolean('disabled').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['fk_view_id', 'role']);
    t.index(['base_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_visibility_rules');
  await knex.schema.alterTable('rb_models', (t) => t.dropColumn('description'));
  await knex.schema.alterTable('rb_columns', (t) => {
    t.dropColumn('dtx');
    t.dropColumn('ct');
    t.dropColumn('altered');
    t.dropColumn('description');
  });
}
