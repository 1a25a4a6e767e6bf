/**
 * A user's notifications (mentioned in a comment, ...). Read newest first per user, often only the unread
 * ones, which the index serves. `body` is JSON text: what happened, where, and who did it.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_notifications', (t) => {
    t.string('id', ID).primary();
    t.string('fk_user_id', ID).notNullable().references('id').inTable('rb_users').onDelete('CASCADE');
    t.string('type', 64).notNullable();
    t.text('body').notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    t.boolean('is_deleted').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_user_id', 'is_read', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_notifications');
}
