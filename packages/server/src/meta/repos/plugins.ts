/** The plugins table: one row per catalogued plugin, its settings sealed (see `src/plugins/settings.ts`). */
import type { Knex } from 'knex';
import type { PluginDefinition } from '../../plugins/catalog.js';
import { toBool, toNum } from '../rows.js';

export interface PluginRow {
  id: string;
  title: string;
  category: string;
  active: boolean;
  /** The sealed settings, or null before the first save. */
  sealedInput: string | null;
  created_at: number;
  updated_at: number;
}

function fromRow(r: Record<string, unknown>): PluginRow {
  return {
    id: r.id as string,
    title: r.title as string,
    category: r.category as string,
    active: toBool(r.active),
    sealedInput: (r.input as string | null) ?? null,
    created_at: toNum(r.created_at),
    updated_at: toNum(r.updated_at),
  };
}

export class PluginsRepo {
  constructor(private readonly db: Knex) {}

  /** Adds the rows of catalogued plugins that are not in the table yet (first use, or a newer release). */
  async ensure(defs: readonly PluginDefinition[]): Promise<void> {
    const have = new Set((await this.db('rb_plugins').select('id')).map((r: { id: string }) => r.id));
    const now = Date.now();
    const missing = defs.filter((d) => !have.has(d.id));
    if (!missing.length) return;
    await this.db('rb_plugins')
      .insert(
        missing.map((d) => ({
          id: d.id,
          title: d.title,
          category: d.category,
          active: false,
          input: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict('id')
      .ignore();
  }

  async list(): Promise<PluginRow[]> {
    return (await this.db('rb_plugins').orderBy('id')).map(fromRow);
  }

  async byId(id: string): Promise<PluginRow | undefined> {
    const r = await this.db('rb_plugins').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async activeOf(category: string): Promise<PluginRow | undefined> {
    const r = await this.db('rb_plugins')
      .where({ category, active: true })
      .orderBy('updated_at', 'desc')
      .first();
    return r ? fromRow(r) : undefined;
  }

  /**
   * Saves settings and the active flag. Activating a plugin turns off the others of its category, in the same
   * transaction, because attachments and mail go to one place at a time.
   */
  async save(row: PluginRow, patch: { sealedInput?: string | null; active?: boolean }): Promise<void> {
    await this.db.transaction(async (trx) => {
      if (patch.active) {
        await trx('rb_plugins')
          .where({ category: row.category })
          .whereNot({ id: row.id })
          .update({ active: false, updated_at: Date.now() });
      }
      const changes: Record<string, unknown> = { updated_at: Date.now() };
      if (patch.sealedInput !== undefined) changes.input = patch.sealedInput;
      if (patch.active !== undefined) changes.active = patch.active;
      await trx('rb_plugins').where({ id: row.id }).update(changes);
    });
  }
}
