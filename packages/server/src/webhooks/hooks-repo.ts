/** Webhooks (rb_hooks) and their delivery logs (rb_hook_logs), in NocoDB's presentation shape. */
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../changes/change-feed.js';
import { requestLocale } from '../mail/messages.js';
import { newId } from '../meta/ids.js';
import { pageAndTotal } from '../meta/page-and-total.js';
import { FiltersRepo } from '../meta/repos/filters.js';
import { toBool, toNum } from '../meta/rows.js';
import type { HookNotification, HookOperation } from './hook-schemas.js';

type Row = Record<string, unknown>;

export interface Hook {
  id: string;
  base_id: string;
  source_id: string | null;
  fk_model_id: string;
  title: string;
  description: string | null;
  type: HookNotification['type'];
  event: 'after' | 'manual';
  operation: HookOperation[];
  notification: HookNotification;
  retries: number;
  retry_interval: number;
  timeout: number;
  active: boolean;
  version: 'v2' | 'v3';
  created_at: string;
  updated_at: string;
}

export interface HookLogEntry {
  baseId: string;
  hookId: string;
  type: string;
  event: string;
  operation: string;
  testCall: boolean;
  payload: unknown;
  notification: unknown;
  errorCode: string | null;
  errorMessage: string | null;
  executionTime: number;
  response: unknown;
  triggeredBy: string | null;
  attempt: number;
}

const iso = (ms: unknown) => new Date(toNum(ms)).toISOString();

function hookOf(r: Row): Hook {
  const notification = JSON.parse(String(r.notification)) as HookNotification;
  return {
    id: r.id as string,
    base_id: r.base_id as string,
    source_id: (r.source_id as string | null) ?? null,
    fk_model_id: r.fk_model_id as string,
    title: r.title as string,
    description: (r.description as string | null) ?? null,
    type: notification.type,
    event: r.event as 'after' | 'manual',
    operation: JSON.parse(String(r.operation)) as HookOperation[],
    notification,
    retries: toNum(r.retries),
    retry_interval: toNum(r.retry_interval),
    timeout: toNum(r.timeout),
    active: toBool(r.active),
    version: r.version as 'v2' | 'v3',
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function logOf(r: Row) {
  return {
    id: r.id as string,
    base_id: r.base_id as string,
    fk_hook_id: r.fk_hook_id as string,
    type: r.type as string,
    event: r.event as string,
    operation: r.operation as string,
    test_call: toBool(r.test_call),
    payload: r.payload as string,
    notification: r.notification as string,
    error_code: (r.error_code as string | null) ?? null,
    error_message: (r.error_message as string | null) ?? null,
    execution_time: toNum(r.execution_time),
    response: (r.response as string | null) ?? null,
    triggered_by: (r.triggered_by as string | null) ?? null,
    attempt: toNum(r.attempt),
    created_at: iso(r.created_at),
  };
}
export type HookLog = ReturnType<typeof logOf>;

export type HookInput = Pick<
  Hook,
  | 'title'
  | 'event'
  | 'operation'
  | 'notification'
  | 'retries'
  | 'retry_interval'
  | 'timeout'
  | 'active'
  | 'version'
> & { description?: string | null };

export class HooksRepo {
  /** `changes` hears every hook created, changed or deleted (`hook.changed`); readers need none. */
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async insert(
    table: { id: string; base_id: string; source_id: string | null },
    h: HookInput,
    userId: string,
  ) {
    const id = newId('hook');
    const now = Date.now();
    await this.db('rb_hooks').insert({
      id,
      base_id: table.base_id,
      source_id: table.source_id,
      fk_model_id: table.id,
      ...this.columnsOf(h),
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
    this.changes.publish({
      type: 'hook.changed',
      action: 'created',
      baseId: table.base_id,
      tableId: table.id,
      hookId: id,
    });
    return (await this.byId(id))!;
  }

  /** The saved columns; the Email kind's language is the saver's (docs/webhooks.md "Messages"). */
  private columnsOf(h: Partial<HookInput>): Row {
    const set: Row = { mail_locale: requestLocale() };
    for (const k of [
      'title',
      'description',
      'event',
      'retries',
      'retry_interval',
      'timeout',
      'active',
      'version',
    ] as const)
      if (h[k] !== undefined) set[k] = h[k];
    if (h.operation !== undefined) set.operation = JSON.stringify(h.operation);
    if (h.notification !== undefined) set.notification = JSON.stringify(h.notification);
    return set;
  }

  async byId(id: string): Promise<Hook | undefined> {
    const r = await this.db('rb_hooks').where({ id }).first();
    return r ? hookOf(r) : undefined;
  }

  async listForTable(tableId: string): Promise<Hook[]> {
    const rows = await this.db('rb_hooks')
      .where({ fk_model_id: tableId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(hookOf);
  }

  /** The active hooks of a table, read on every row write of a table (the index on fk_model_id serves it). */
  async activeForTable(tableId: string): Promise<Hook[]> {
    const rows = await this.db('rb_hooks').where({ fk_model_id: tableId, active: true });
    return rows.map(hookOf);
  }

  /** The language the hook's Email summaries are written in, when it was saved with one. */
  async mailLocale(id: string): Promise<string | undefined> {
    const r = await this.db('rb_hooks').where({ id }).first('mail_locale');
    return (r?.mail_locale as string | null | undefined) ?? undefined;
  }

  async update(id: string, patch: Partial<HookInput>): Promise<Hook> {
    await this.db('rb_hooks')
      .where({ id })
      .update({ ...this.columnsOf(patch), updated_at: Date.now() });
    const hook = (await this.byId(id))!;
    this.changes.publish({
      type: 'hook.changed',
      action: 'updated',
      baseId: hook.base_id,
      tableId: hook.fk_model_id,
      hookId: id,
    });
    return hook;
  }

  async delete(id: string): Promise<void> {
    const hook = await this.byId(id);
    await this.db('rb_hook_logs').where({ fk_hook_id: id }).delete();
    await new FiltersRepo(this.db).deleteByHook(id);
    await this.db('rb_hooks').where({ id }).delete();
    if (hook)
      this.changes.publish({
        type: 'hook.changed',
        action: 'deleted',
        baseId: hook.base_id,
        tableId: hook.fk_model_id,
        hookId: id,
        title: hook.title,
      });
  }

  /** Hooks by id (one query), for a delivery job's hooks. */
  async byIds(ids: readonly string[]): Promise<Map<string, Hook>> {
    const rows = ids.length ? await this.db('rb_hooks').whereIn('id', [...new Set(ids)]) : [];
    return new Map(rows.map((r: Row) => [r.id as string, hookOf(r)]));
  }

  async addLog(e: HookLogEntry): Promise<void> {
    await this.addLogs([e]);
  }

  /** Several log rows in one statement. */
  async addLogs(entries: readonly HookLogEntry[]): Promise<void> {
    if (!entries.length) return;
    await this.db('rb_hook_logs').insert(entries.map((e) => this.logRow(e)));
  }

  private logRow(e: HookLogEntry): Row {
    return {
      id: newId('hookLog'),
      base_id: e.baseId,
      fk_hook_id: e.hookId,
      type: e.type,
      event: e.event,
      operation: e.operation,
      test_call: e.testCall,
      payload: JSON.stringify(e.payload),
      notification: JSON.stringify(e.notification),
      error_code: e.errorCode,
      error_message: e.errorMessage,
      execution_time: e.executionTime,
      response: e.response === undefined ? null : JSON.stringify(e.response),
      triggered_by: e.triggeredBy,
      attempt: e.attempt,
      created_at: Date.now(),
    };
  }

  /** One page of a hook's logs, newest first, and how many there are. */
  async logs(
    hookId: string,
    page: { limit: number; offset: number },
  ): Promise<{ list: HookLog[]; total: number }> {
    // One snapshot: the delivery thread writes logs while the viewer polls them.
    const { rows, total } = await pageAndTotal(() => this.db('rb_hook_logs').where({ fk_hook_id: hookId }), {
      ...page,
      order: [
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ],
    });
    return { list: rows.map(logOf), total };
  }
}
