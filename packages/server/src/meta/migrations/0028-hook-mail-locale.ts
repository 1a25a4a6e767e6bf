/**
 * The language of a webhook's Email kind: the app language of whoever created or last saved the hook (its
 * summaries are written in it). See docs/webhooks.md "Messages".
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_hooks', (t) => {
    t.string('mail_locale', 16).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_hooks', (t) => {
    t.dropColumn('mail_locale');
  });
}
