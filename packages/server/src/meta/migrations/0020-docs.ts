/**
 * Documentation bases (docs/documentation-bases.md): pages in a tree per base, the Yjs updates not yet merged
 * into a page's state, and page snapshots (docs_page_snapshot). Yjs state is stored as base64 text; `content`
 * (ProseMirror JSON) and `text` (plain text, searched with LIKE) are derived from it by the server.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_docs_pages', (t) => {
    t.string('id', ID).primary();
    t.string('base_id', ID).notNullable().references('id').inTable('rb_bases').onDelete('CASCADE');
    t.string('parent_id', ID);
    t.string('title', 255).notNullable();
    t.string('icon', 64);
    t.double('order').notNullable().defaultTo(0);
    t.text('state', 'longtext');
    t.text('content', 'longtext');
    t.text('text', 'longtext');
    t.boolean('published').notNullable().defaultTo(false);
    t.string('created_by', ID);
    t.string('updated_by', ID);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['base_id', 'parent_id']);
  });
  await knex.schema.createTable('rb_docs_page_updates', (t) => {
    t.increments('id').primary();
    t.string('page_id', ID).notNullable().references('id').inTable('rb_docs_pages').onDelete('CASCADE');
    t.text('data', 'longtext').notNullable();
    t.string('created_by', ID);
    t.bigInteger('created_at').notNullable();
    t.index(['page_id', 'id']);
  });
  await knex.schema.createTable('rb_docs_page_snapshots', (t) => {
    t.string('id', ID).primary();
    t.string('page_id', ID).notNullable().references('id').inTable('rb_docs_pages').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.string('kind', 16).notNullable();
    t.text('state', 'longtext').notNullable();
    t.text('content', 'longtext');
    t.string('created_by', ID);
    t.bigInteger('created_at').notNullable();
    t.index(['page_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rb_docs_page_snapshots');
  await knex.schema.dropTableIfExists('rb_docs_page_updates');
  await knex.schema.dropTableIfExists('rb_docs_pages');
}
