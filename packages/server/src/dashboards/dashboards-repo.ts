/** Layouts and widgets of dashboard bases (rb_dashboard_layouts, rb_dashboard_widgets); docs/dashboards.md. */
import type { LayoutMeta, WidgetBody, WidgetMeta, WidgetPosition } from '@rowbase/core/api/dashboards';
import type { Knex } from 'knex';
import { randomBytes, randomUUID } from 'node:crypto';
import { parseJson, toNum } from '../meta/rows.js';

type Row = Record<string, unknown>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Meta ids in the house style: a short prefix and random letters (`ly…` layouts, `wg…` widgets). */
function dashboardId(prefix: 'ly' | 'wg'): string {
  let id = prefix;
  for (const b of randomBytes(14)) id += ALPHABET[b % ALPHABET.length];
  return id;
}

const iso = (ms: unknown) => new Date(toNum(ms)).toISOString();

function layoutOf(r: Row): LayoutMeta {
  return {
    id: r.id as string,
    base_id: r.base_id as string,
    title: r.title as string,
    order: toNum(r.order),
    share_uuid: (r.share_uuid as string | null) ?? null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function widgetOf(r: Row): WidgetMeta {
  return {
    id: r.id as string,
    fk_layout_id: r.fk_layout_id as string,
    type: r.type,
    config: parseJson(r.config, {}),
    x: toNum(r.x),
    y: toNum(r.y),
    w: toNum(r.w),
    h: toNum(r.h),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  } as WidgetMeta;
}

export class DashboardsRepo {
  constructor(private readonly db: Knex) {}

  async layouts(baseId: string): Promise<LayoutMeta[]> {
    const rows = (await this.db('rb_dashboard_layouts')
      .where({ base_id: baseId })
      .orderBy([{ column: 'order' }, { column: 'created_at' }])) as Row[];
    return rows.map(layoutOf);
  }

  async layout(id: string): Promise<LayoutMeta | undefined> {
    const r = (await this.db('rb_dashboard_layouts').where({ id }).first()) as Row | undefined;
    return r ? layoutOf(r) : undefined;
  }

  async layoutByShare(uuid: string): Promise<LayoutMeta | undefined> {
    const r = (await this.db('rb_dashboard_layouts').where({ share_uuid: uuid }).first()) as Row | undefined;
    return r ? layoutOf(r) : undefined;
  }

  async insertLayout(baseId: string, title: string, userId: string | null): Promise<LayoutMeta> {
    const last = (await this.db('rb_dashboard_layouts')
      .where({ base_id: baseId })
      .max({ m: 'order' })
      .first()) as { m: unknown } | undefined;
    const id = dashboardId('ly');
    const now = Date.now();
    await this.db('rb_dashboard_layouts').insert({
      id,
      base_id: baseId,
      title,
      order: last?.m === null || last?.m === undefined ? 1 : toNum(last.m) + 1,
      share_uuid: null,
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
    return (await this.layout(id))!;
  }

  async updateLayout(id: string, patch: { title?: string; order?: number; share_uuid?: string | null }) {
    await this.db('rb_dashboard_layouts')
      .where({ id })
      .update({ ...patch, updated_at: Date.now() });
    return (await this.layout(id))!;
  }

  /** Shares the layout (keeping an existing uuid) and returns it. */
  async share(id: string): Promise<LayoutMeta> {
    const layout = await this.layout(id);
    if (layout?.share_uuid) return layout;
    return this.updateLayout(id, { share_uuid: randomUUID() });
  }

  async deleteLayout(id: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('rb_dashboard_widgets').where({ fk_layout_id: id }).delete();
      await trx('rb_dashboard_layouts').where({ id }).delete();
    });
  }

  async widgets(layoutId: string): Promise<WidgetMeta[]> {
    const rows = (await this.db('rb_dashboard_widgets')
      .where({ fk_layout_id: layoutId })
      .orderBy([{ column: 'y' }, { column: 'x' }, { column: 'created_at' }])) as Row[];
    return rows.map(widgetOf);
  }

  async widget(id: string): Promise<WidgetMeta | undefined> {
    const r = (await this.db('rb_dashboard_widgets').where({ id }).first()) as Row | undefined;
    return r ? widgetOf(r) : undefined;
  }

  async insertWidget(layoutId: string, body: WidgetBody, pos: WidgetPosition): Promise<WidgetMeta> {
    const id = dashboardId('wg');
    const now = Date.now();
    await this.db('rb_dashboard_widgets').insert({
      id,
      fk_layout_id: layoutId,
      type: body.type,
      config: JSON.stringify(body.config),
      ...pos,
      created_at: now,
      updated_at: now,
    });
    return (await this.widget(id))!;
  }

  async updateWidget(id: string, patch: Partial<WidgetPosition> & { config?: unknown }): Promise<WidgetMeta> {
    const { config, ...pos } = patch;
    await this.db('rb_dashboard_widgets')
      .where({ id })
      .update({
        ...pos,
        ...(config === undefined ? {} : { config: JSON.stringify(config) }),
        updated_at: Date.now(),
      });
    return (await this.widget(id))!;
  }

  /** Moves and resizes several widgets of one layout at once (after a drag); all or nothing. */
  async setPositions(layoutId: string, positions: ({ id: string } & WidgetPosition)[]): Promise<number> {
    return this.db.transaction(async (trx) => {
      let changed = 0;
      const now = Date.now();
      for (const { id, ...pos } of positions) {
        changed += await trx('rb_dashboard_widgets')
          .where({ id, fk_layout_id: layoutId })
          .update({ ...pos, updated_at: now });
      }
      return changed;
    });
  }

  async deleteWidget(id: string): Promise<void> {
    await this.db('rb_dashboard_widgets').where({ id }).delete();
  }
}
