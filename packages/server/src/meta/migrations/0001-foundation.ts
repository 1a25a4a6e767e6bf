/** Users, sessions, tokens, workspaces, bases, sources, tables, columns, views, settings, audits. */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_users', (t) => {
    t.string('id', ID).primary();
    t.string('email', 255).notNullable().unique();
    t.string('password_hash', 255);
    t.string('firstname', 255);
    t.string('lastname', 255);
    t.string('display_name', 255);
    t.string('roles', 255).notNullable();
    t.integer('token_version').notNullable().defaultTo(0);
    t.boolean('email_verified').notNullable().defaultTo(false);
    t.string('email_verification_token', 128);
    t.string('invite_token', 128);
    t.bigInteger('invite_token_expires');
    t.string('reset_password_token', 128);
    t.bigInteger('reset_password_expires');
    t.boolean('blocked').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['invite_token']);
    t.index(['reset_password_token']);
  });
  await knex.schema.createTable('rb_refresh_tokens', (t) => {
    t.string('id', ID).primary();
    t.string('user_id', ID).notNullable().references('id').inTable('rb_users').onDelete('CASCADE');
    t.string('token_hash', 128).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('rb_workspaces', (t) => {
    t.string('id', ID).primary();
    t.string('title', 255).notNullable();
    t.text('meta');
    t.string('created_by', ID);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('rb_bases', (t) => {
    t.string('id', ID).primary();
    t.string('workspace_id', ID);
    t.string('title', 255).notNullable();
    t.text('description');
    t.string('prefix', 64);
    t.string('type', 32).notNullable().defaultTo('database');
    t.string('status', 32);
    t.string('color', 32);
    t.text('meta');
    t.integer('order');
    t.boolean('deleted').notNullable().defaultTo(false);
    t.string('created_by', ID);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('rb_base_users', (t) => {
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('user_id', ID).notNullable().references('id').inTable('rb_users').onDelete('CASCADE');
    t.string('roles', 64).notNullable();
    t.string('invited_by', ID);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['base_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('rb_api_tokens', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID);
    t.string('user_id', ID).notNullable().references('id').inTable('rb_users').onDelete('CASCADE');
    t.string('description', 255);
    t.string('token_hash', 128).notNullable().unique();
    t.string('token_hint', 16);
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
    t.index(['base_id']);
  });
  await knex.schema.createTable('rb_sources', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('alias', 255);
    t.string('type', 32).notNullable();
    t.text('config_encrypted');
    t.boolean('is_meta').notNullable().defaultTo(false);
    t.string('inflection_column', 32);
    t.string('inflection_table', 32);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.integer('status');
    t.integer('order');
    t.text('meta');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['base_id']);
  });
  await knex.schema.createTable('rb_models', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('source_id', ID).notNullable();
    t.string('table_name', 255).notNullable();
    t.string('title', 255).notNullable();
    t.string('type', 16).notNullable().defaultTo('table');
    t.boolean('mm').notNullable().defaultTo(false);
    t.text('meta');
    t.integer('order');
    t.boolean('pinned').notNullable().defaultTo(false);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['base_id']);
    t.index(['source_id']);
  });
  await knex.schema.createTable('rb_columns', (t) => {
    t.string('id', ID).primary();
    t.string('fk_model_id', ID).notNullable().references('id').inTable('rb_models').onDelete('CASCADE');
    t.string('base_id', ID).notNullable();
    t.string('source_id', ID).notNullable();
    t.string('column_name', 255);
    t.string('title', 255).notNullable();
    t.string('uidt', 32).notNullable();
    t.string('dt', 64);
    t.string('np', 32);
    t.string('ns', 32);
    t.string('clen', 32);
    t.boolean('pk').notNullable().defaultTo(false);
    t.boolean('pv').notNullable().defaultTo(false);
    t.boolean('rqd').notNullable().defaultTo(false);
    t.boolean('un').notNullable().defaultTo(false);
    t.boolean('ai').notNullable().defaultTo(false);
    t.boolean('au').notNullable().defaultTo(false);
    t.boolean('unique').notNullable().defaultTo(false);
    t.boolean('system').notNullable().defaultTo(false);
    t.text('cdf');
    t.text('dtxp');
    t.string('dtxs', 255);
    t.text('validate');
    t.text('meta');
    t.text('col_options');
    t.integer('order');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_model_id']);
  });
  await knex.schema.createTable('rb_views', (t) => {
    t.string('id', ID).primary();
    t.string('fk_model_id', ID).notNullable().references('id').inTable('rb_models').onDelete('CASCADE');
    t.string('base_id', ID).notNullable();
    t.string('source_id', ID).notNullable();
    t.string('title', 255).notNullable();
    t.integer('type').notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('show_system_fields').notNullable().defaultTo(false);
    t.string('lock_type', 32).notNullable().defaultTo('collaborative');
    t.string('uuid', 64).unique();
    t.string('password_hash', 255);
    t.text('meta');
    t.integer('order');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_model_id']);
  });
  await knex.schema.createTable('rb_app_settings', (t) => {
    t.string('key', 128).primary();
    t.text('value');
  });
  await knex.schema.createTable('rb_audits', (t) => {
    t.string('id', ID).primary();
    t.string('user', 255);
    t.string('ip', 64);
    t.string('base_id', ID);
    t.string('fk_model_id', ID);
    t.string('row_id', 255);
    t.string('op_type', 64).notNullable();
    t.string('op_sub_type', 64);
    t.text('description');
    t.text('details');
    t.bigInteger('created_at').notNullable();
    t.index(['base_id', 'created_at']);
    t.index(['fk_model_id', 'row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'rb_audits',
    'rb_app_settings',
    'rb_views',
    'rb_columns',
    'rb_models',
    'rb_sources',
    'rb_api_tokens',
    'rb_base_users',
    'rb_bases',
    'rb_workspaces',
    'rb_refresh_tokens',
    'rb_users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
