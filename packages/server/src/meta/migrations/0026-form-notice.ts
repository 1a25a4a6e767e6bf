/**
 * Form-submission notices: who switched a form's "e-mail me on submit" on (the notice goes to them) and the
 * language their app was in then (the notice is written in it). See docs/plugins.md "The e-mails".
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_view_settings', (t) => {
    t.string('email_user_id', 36).nullable();
    t.string('email_locale', 16).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rb_view_settings', (t) => {
    t.dropColumn('email_user_id');
    t.dropColumn('email_locale');
  });
}
