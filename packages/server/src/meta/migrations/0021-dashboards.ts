/**
 * Dashboard bases (docs/dashboards.md): layouts of a base, in sidebar order, each optionally shared publicly by a
 * uuid; widgets of a layout with their grid position and JSON config.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_dashboard_layouts', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.float('order').notNullable().defaultTo(0);
    t.string('share_uuid', 64).unique();
    t.string('created_by', ID);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['base_id', 'order']);
  });
  await knex.schema.createTable('rb_dashboard_widgets', (t) => {
    t.string('id', ID).primary();
    t.string('fk_layout_id', ID)
      .notNullable()
      .references('id')
      .inTable('rb_dashboard_layouts')
      .onDelete('CASCADE');
    t.string('type', 16).notNullable();
    t.integer('x').notNullable();
    t.integer('y').notNullable();
    t.integer('w').notNullable();
    t.integer('h').notNullable();
    t.text('config').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_layout_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_dashboard_widgets');
  await knex.schema.dropTableIfExists('rb_dashboard_layouts');
}
