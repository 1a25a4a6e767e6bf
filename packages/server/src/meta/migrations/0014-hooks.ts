/**
 * Webhooks of a table and the log of their deliveries. A hook's notification (kind, URL, method, headers,
 * body) is stored as JSON text, as NocoDB does, so new notification kinds need no schema change. Logs are
 * read newest first per hook, which the index serves.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_hooks', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('source_id', ID);
    t.string('fk_model_id', ID).notNullable().references('id').inTable('rb_models').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.text('description');
    t.string('event', 16).notNullable();
    // A JSON list of operations (insert, update, delete, bulkInsert, ...).
    t.text('operation').notNullable();
    t.text('notification').notNullable();
    t.integer('retries').notNullable().defaultTo(0);
    t.integer('retry_interval').notNullable().defaultTo(60000);
    t.integer('timeout').notNullable().defaultTo(10000);
    t.boolean('active').notNullable().defaultTo(true);
    t.string('version', 8).notNullable().defaultTo('v2');
    t.string('created_by', ID);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_model_id']);
  });
  await knex.schema.createTable('rb_hook_logs', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable();
    t.string('fk_hook_id', ID).notNullable().references('id').inTable('rb_hooks').onDelete('CASCADE');
    t.string('type', 32);
    t.string('event', 16);
    t.string('operation', 32);
    t.boolean('test_call').notNullable().defaultTo(false);
    t.text('payload');
    t.text('notification');
    t.string('error_code', 64);
    t.text('error_message');
    t.integer('execution_time');
    t.text('response');
    t.string('triggered_by', 255);
    t.integer('attempt').notNullable().defaultTo(1);
    t.bigInteger('created_at').notNullable();
    t.index(['fk_hook_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_hook_logs');
  await knex.schema.dropTableIfExists('rb_hooks');
}
