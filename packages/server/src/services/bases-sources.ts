/** Source use cases: connect an external database (tested, encrypted, introspected), change, remove. */
import type { ConnectionConfig, CreateSourceBody } from '@rowbase/core/api/bases';
import type { SourceMeta } from '@rowbase/core/api/meta';
import { badRequest, notFound } from '@rowbase/core/errors';
import { sourceTypeOf, templateOf } from '@rowbase/core/sources/templates';
import type { AppContext } from '../context.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import { presentSource, type SourceRecord } from '../meta/repos/sources.js';
import { testConnection } from '../sources/connections.js';
import { dropTable } from '../sources/ddl.js';
import { applyMetaDiff } from '../sources/meta-diff.js';

function configOf(body: CreateSourceBody): ConnectionConfig {
  const config = body.config ?? (body.type ? { client: body.type } : undefined);
  if (!config) throw badRequest('config is required to connect a database');
  const tpl = templateOf(config.client);
  return { ...config, client: tpl.client, searchPath: config.searchPath ?? tpl.searchPath ?? undefined };
}

/** Connects an external database to a base: tests it, stores the config encrypted, reads its tables. */
export async function createSource(
  ctx: AppContext,
  base: BaseRecord,
  body: CreateSourceBody,
): Promise<SourceMeta> {
  const config = configOf(body);
  await testConnection(config);
  const existing = await ctx.sourceRepo.listByBase(base.id);
  const id = await ctx.sourceRepo.insert({
    base_id: base.id,
    type: sourceTypeOf(templateOf(config.client).client),
    is_meta: false,
    alias: body.alias ?? null,
    config_encrypted: ctx.secrets.seal(config),
    meta: body.auto_index ? { auto_index: true } : null,
    inflection_column: body.inflection_column ?? 'none',
    inflection_table: body.inflection_table ?? 'none',
    order: existing.length + 1,
    status: 0,
  });
  try {
    await applyMetaDiff(ctx, base, (await ctx.sourceRepo.byId(id))!);
    await ctx.sourceRepo.update(id, { status: 1 });
  } catch (err) {
    await ctx.sources.forget(id);
    await ctx.db.transaction(async (trx) => {
      const ids = (await trx('rb_models').where({ source_id: id }).select('id')).map((r) => r.id as string);
      if (ids.length) await trx('rb_columns').whereIn('fk_model_id', ids).delete();
      if (ids.length) await trx('rb_views').whereIn('fk_model_id', ids).delete();
      await trx('rb_models').where({ source_id: id }).delete();
      await trx('rb_sources').where({ id }).delete();
      ctx.changes.publish({ type: 'source.changed', action: 'deleted', baseId: base.id, sourceId: id }, trx);
    });
    throw err;
  }
  return presentSource((await ctx.sourceRepo.byId(id))!);
}

export async function sourceOf(ctx: AppContext, baseId: string, sourceId: string): Promise<SourceRecord> {
  const s = await ctx.sourceRepo.byId(sourceId);
  if (!s || s.base_id !== baseId) throw notFound(`Source '${sourceId}' not found`);
  return s;
}

/** A source with its connection config, secrets masked. */
export function presentSourceWithConfig(ctx: AppContext, s: SourceRecord): SourceMeta & { config?: unknown } {
  if (s.is_meta) return presentSource(s);
  const config = ctx.sources.configOf(s);
  const connection =
    config.connection && typeof config.connection === 'object'
      ? { ...config.connection, password: config.connection.password ? '********' : undefined }
      : undefined;
  return { ...presentSource(s), config: { ...config, connection } };
}

export async function updateSource(
  ctx: AppContext,
  source: SourceRecord,
  body: {
    alias?: string;
    config?: ConnectionConfig;
    enabled?: boolean;
    order?: number;
    inflection_column?: string;
    inflection_table?: string;
    auto_index?: boolean;
  },
): Promise<SourceMeta> {
  let sealed: string | undefined;
  if (body.config) {
    if (source.is_meta) throw badRequest('The default source has no connection to change');
    const old = ctx.sources.configOf(source);
    const next = configOf({ config: body.config });
    // A masked password means "unchanged".
    const nextConn = next.connection as Record<string, unknown> | undefined;
    if (nextConn && nextConn.password === '********' && typeof old.connection === 'object')
      nextConn.password = old.connection.password;
    await testConnection(next);
    sealed = ctx.secrets.seal(next);
  }
  await ctx.sourceRepo.update(source.id, {
    alias: body.alias,
    enabled: body.enabled,
    order: body.order,
    inflection_column: body.inflection_column,
    inflection_table: body.inflection_table,
    config_encrypted: sealed,
    meta: body.auto_index === undefined ? undefined : { ...(source.meta ?? {}), auto_index: body.auto_index },
  });
  if (sealed) await ctx.sources.forget(source.id);
  return presentSource((await ctx.sourceRepo.byId(source.id))!);
}

/** Removes a source and the meta of its tables; tables of the default source are dropped with it. */
export async function deleteSource(ctx: AppContext, source: SourceRecord): Promise<void> {
  const tables = await ctx.tables.list(source.base_id, { sourceId: source.id, includeM2M: true });
  if (source.is_meta) {
    const all = await ctx.sourceRepo.listByBase(source.base_id);
    if (all.length === 1)
      throw badRequest('The default source cannot be deleted while it is the only source');
    for (const t of tables) await dropTable(ctx.db, t.table_name);
  }
  await ctx.sources.forget(source.id);
  await ctx.db.transaction(async (trx) => {
    const ids = tables.map((t) => t.id);
    if (ids.length) {
      await trx('rb_columns').whereIn('fk_model_id', ids).delete();
      await trx('rb_views').whereIn('fk_model_id', ids).delete();
      await trx('rb_models').whereIn('id', ids).delete();
    }
    await trx('rb_sources').where({ id: source.id }).delete();
    ctx.changes.publish(
      { type: 'source.changed', action: 'deleted', baseId: source.base_id, sourceId: source.id },
      trx,
    );
  });
}
