/**
 * Row comments. A row is addressed by its table and primary-key text (`row_id`), as NocoDB does, so comments
 * survive edits of the row and are counted per row in one grouped query (the index serves the grid's
 * "comments on the visible rows" count). Deleting a comment only marks it, so the thread keeps its history.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_comments', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('source_id', ID);
    t.string('fk_model_id', ID).notNullable().references('id').inTable('rb_models').onDelete('CASCADE');
    t.string('row_id', 255).notNullable();
    t.text('comment').notNullable();
    t.string('parent_comment_id', ID);
    t.string('created_by', ID).notNullable();
    t.string('resolved_by', ID);
    t.boolean('is_deleted').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['fk_model_id', 'row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_comments');
}
