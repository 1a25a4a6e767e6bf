/**
 * Views: per-view columns, filters (nested groups), sorts, per-type settings (grid row height, form texts,
 * gallery cover, kanban grouping, map geo field), calendar date ranges, and shares of bases and ERDs.
 * A shared view's uuid and password hash live on rb_views (0001).
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  // Views are reordered by dropping one between two others (order 1.5), as NocoDB clients do.
  // SQLite stores any number in an integer column; pg and mysql need the column widened.
  if (knex.client.config.client !== 'better-sqlite3') {
    await knex.schema.alterTable('rb_views', (t) => {
      t.double('order').alter();
    });
  }
  await knex.schema.createTable('rb_view_columns', (t) => {
    t.string('id', ID).primary();
    t.string('fk_view_id', ID).notNullable().references('id').inTable('rb_views').onDelete('CASCADE');
    t.string('fk_column_id', ID).notNullable().references('id').inTable('rb_columns').onDelete('CASCADE');
    t.string('base_id', ID).notNullable();
    t.boolean('show').notNullable().defaultTo(true);
    t.float('order').notNullable().defaultTo(0);
    t.string('width', 32);
    t.boolean('pinned').notNullable().defaultTo(false);
    t.boolean('group_by').notNullable().defaultTo(false);
    t.integer('group_by_order');
    t.string('group_by_sort', 8);
    t.string('label', 255);
    t.text('help');
    t.text('description');
    t.boolean('required').notNullable().defaultTo(false);
    t.text('meta');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['fk_view_id', 'fk_column_id']);
    t.index(['fk_column_id']);
  });
  await knex.schema.createTable('rb_view_settings', (t) => {
    t.string('fk_view_id', ID).primary().references('id').inTable('rb_views').onDelete('CASCADE');
    t.integer('row_height');
    t.string('heading', 255);
    t.text('subheading');
    t.text('success_msg');
    t.text('redirect_url');
    t.integer('redirect_after_secs');
    t.boolean('submit_another_form').notNullable().defaultTo(false);
    t.boolean('show_blank_form').notNullable().defaultTo(false);
    t.boolean('email').notNullable().defaultTo(false);
    t.text('banner_image_url');
    t.text('logo_url');
    t.string('fk_cover_image_col_id', ID);
    t.string('fk_grp_col_id', ID);
    t.string('fk_geo_data_col_id', ID);
  });
  await knex.schema.createTable('rb_calendar_ranges', (t) => {
    t.string('id', ID).primary();
    t.string('fk_view_id', ID).notNullable().references('id').inTable('rb_views').onDelete('CASCADE');
    t.string('fk_from_column_id', ID).notNullable();
    t.string('fk_to_column_id', ID);
    t.integer('order').notNullable().defaultTo(0);
    t.index(['fk_view_id']);
  });
  await knex.schema.createTable('rb_filters', (t) => {
    t.string('id', ID).primary();
    t.string('fk_view_id', ID).references('id').inTable('rb_views').onDelete('CASCADE');
    t.string('fk_hook_id', ID);
    t.string('fk_parent_id', ID).references('id').inTable('rb_filters').onDelete('CASCADE');
    t.string('fk_column_id', ID).references('id').inTable('rb_columns').onDelete('CASCADE');
    t.string('base_id', ID).notNullable();
    t.string('source_id', ID).notNullable();
    t.boolean('is_group').notNullable().defaultTo(false);
    t.string('logical_op', 8).notNullable().defaultTo('and');
    t.string('comparison_op', 32);
    t.string('comparison_sub_op', 32);
    t.text('value');
    t.float('order').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_view_id']);
    t.index(['fk_hook_id']);
    t.index(['fk_parent_id']);
  });
  await knex.schema.createTable('rb_sorts', (t) => {
    t.string('id', ID).primary();
    t.string('fk_view_id', ID).notNullable().references('id').inTable('rb_views').onDelete('CASCADE');
    t.string('fk_column_id', ID).notNullable().references('id').inTable('rb_columns').onDelete('CASCADE');
    t.string('base_id', ID).notNullable();
    t.string('direction', 8).notNullable().defaultTo('asc');
    t.float('order').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_view_id']);
  });
  /** Shared bases (kind 'base') and shared ERDs (kind 'erd', one per source). */
  await knex.schema.createTable('rb_shares', (t) => {
    t.string('uuid', 64).primary();
    t.string('kind', 8).notNullable();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('source_id', ID);
    t.string('roles', 32);
    t.string('password_hash', 255);
    t.text('meta');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['base_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'rb_shares',
    'rb_sorts',
    'rb_filters',
    'rb_calendar_ranges',
    'rb_view_settings',
    'rb_view_columns',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
