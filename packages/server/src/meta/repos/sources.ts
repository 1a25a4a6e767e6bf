/** rb_sources: the databases a base's tables live in. The connection config is stored encrypted. */
import type { SourceClient, SourceMeta } from '@rowbase/core/api/meta';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import type { MetaAction } from '../../changes/change-events.js';
import { newId } from '../ids.js';
import { parseJson, toBool, toNumOrNull } from '../rows.js';

type Row = Record<string, any>;

export interface SourceRecord extends SourceMeta {
  config_encrypted: string | null;
  meta: Record<string, unknown> | null;
}

function fromRow(r: Row): SourceRecord {
  return {
    id: r.id,
    base_id: r.base_id,
    alias: r.alias ?? null,
    type: r.type as SourceClient,
    is_meta: toBool(r.is_meta),
    enabled: toBool(r.enabled),
    order: toNumOrNull(r.order),
    inflection_column: r.inflection_column ?? null,
    inflection_table: r.inflection_table ?? null,
    status: toNumOrNull(r.status),
    config_encrypted: r.config_encrypted ?? null,
    meta: parseJson(r.meta, null),
  };
}

/** The public view of a source: never the encrypted config. */
export function presentSource(s: SourceRecord): SourceMeta {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { config_encrypted, meta, ...rest } = s;
  return { ...rest, auto_index: autoIndexAllowed(s) };
}

/** Whether Rowbase may add indexes to the source's tables: the default source, or an owner's yes. */
export function autoIndexAllowed(s: Pick<SourceRecord, 'is_meta' | 'meta'>): boolean {
  return s.is_meta || s.meta?.auto_index === true;
}

export type SourcePatch = Partial<
  Pick<
    SourceRecord,
    | 'alias'
    | 'enabled'
    | 'order'
    | 'inflection_column'
    | 'inflection_table'
    | 'status'
    | 'config_encrypted'
    | 'meta'
  >
>;

export class SourcesRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<SourceRecord | undefined> {
    const r = await trx('rb_sources').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async listByBase(baseId: string, trx: Knex = this.db): Promise<SourceRecord[]> {
    const rows = await trx('rb_sources')
      .where({ base_id: baseId })
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async insert(
    src: Pick<SourceRecord, 'base_id' | 'type' | 'is_meta'> & SourcePatch,
    trx: Knex = this.db,
  ): Promise<string> {
    const now = Date.now();
    const id = newId('source');
    await trx('rb_sources').insert({
      id,
      base_id: src.base_id,
      alias: src.alias ?? null,
      type: src.type,
      is_meta: src.is_meta,
      config_encrypted: src.config_encrypted ?? null,
      meta: src.meta ? JSON.stringify(src.meta) : null,
      inflection_column: src.inflection_column ?? 'none',
      inflection_table: src.inflection_table ?? 'none',
      enabled: src.enabled ?? true,
      status: src.status ?? 1,
      order: src.order ?? null,
      created_at: now,
      updated_at: now,
    });
    this.changes.publish(
      { type: 'source.changed', action: 'created', baseId: src.base_id, sourceId: id },
      trx,
    );
    return id;
  }

  async update(id: string, patch: SourcePatch, trx: Knex = this.db): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    for (const [k, v] of Object.entries(patch))
      if (v !== undefined) row[k] = k === 'meta' && v ? JSON.stringify(v) : v;
    await trx('rb_sources').where({ id }).update(row);
    await this.publishSource('updated', id, trx);
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    await this.publishSource('deleted', id, trx);
    await trx('rb_sources').where({ id }).delete();
  }

  private async publishSource(action: MetaAction, sourceId: string, trx: Knex): Promise<void> {
    const r = (await trx('rb_sources').where({ id: sourceId }).first('base_id')) as
      { base_id: string } | undefined;
    if (r) this.changes.publish({ type: 'source.changed', action, baseId: r.base_id, sourceId }, trx);
  }
}
