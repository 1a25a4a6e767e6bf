/**
 * Jobs of the in-process queue: one row per job with its kind, input, status, last progress and outcome, so a
 * restart can tell which jobs were interrupted (see docs/jobs.md). No foreign key to the base: a job's record
 * outlives the base it copied from.
 */
import type { Knex } from 'knex';

const ID = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rb_jobs', (t) => {
    t.string('id', ID).primary();
    t.string('kind', 64).notNullable();
    t.string('status', 16).notNullable();
    t.string('base_id', ID);
    t.string('fk_user_id', ID);
    t.text('input');
    t.text('result');
    t.text('error');
    t.text('progress');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['base_id', 'created_at']);
    t.index(['status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rb_jobs');
}
