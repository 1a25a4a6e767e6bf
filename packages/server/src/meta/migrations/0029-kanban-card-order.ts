/**
 * Kanban card order: where a card was dragged to within its stack, per view (docs/views.md "Kanban card
 * order"). A row's position is a number compared within the stack it is in; rows without one follow the
 * positioned ones in the view's own order.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_kanban_card_order', (t) => {
    t.string('fk_view_id', 20).notNullable().references('id').inTable('rb_views').onDelete('CASCADE');
    t.string('row_id', 255).notNullable();
    t.double('position').notNullable();
    t.primary(['fk_view_id', 'row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rb_kanban_card_order');
}
