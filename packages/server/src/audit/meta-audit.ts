/**
 * Audit entries for meta changes, fed by the change feed (docs/audit.md#meta-changes): tables, fields, views,
 * filters, sorts, shares, bases, sources, users, roles and API tokens. The entry names what changed by title,
 * read just after the change (a deleted entity's title travels on its event). What a creation brings along in
 * the same commit (a new table's fields and default view, a new base's owner and source) is part of the
 * creation's entry, not entries of its own.
 */
import type { AuthActivity, ChangeEvent, MetaAction } from '../changes/change-events.js';
import type { AppContext } from '../context.js';
import { auditWriter, type AuditRow } from './audit-writer.js';
import { currentActor, outsideRequest } from './request-context.js';

const OP: Record<MetaAction, string> = { created: 'CREATE', updated: 'UPDATE', deleted: 'DELETE' };
const VERB: Record<MetaAction, string> = { created: 'created', updated: 'updated', deleted: 'deleted' };

type Entry = Omit<AuditRow, 'user' | 'ip' | 'created_at'>;
type Db = AppContext['db'];

const title = async (db: Db, table: string, id: string | undefined, column = 'title') =>
  id ? ((await db(table).where({ id }).first(column))?.[column] as string | undefined) : undefined;

async function viewHome(db: Db, viewId: string, tableId?: string) {
  const table = tableId ?? (await title(db, 'rb_views', viewId, 'fk_model_id'));
  const baseId = await title(db, 'rb_models', table, 'base_id');
  return { tableId: table ?? null, baseId: baseId ?? null };
}

/** The entry of a meta change; null for changes that are not audited here. */
export async function metaEntryOf(db: Db, e: ChangeEvent): Promise<Entry | null> {
  switch (e.type) {
    case 'base.changed': {
      const name = (await title(db, 'rb_bases', e.baseId)) ?? e.baseId;
      return {
        base_id: e.baseId,
        op_type: 'PROJECT',
        op_sub_type: OP[e.action],
        description: `Base ${name} ${VERB[e.action]}`,
      };
    }
    case 'table.changed': {
      const name = e.title ?? (await title(db, 'rb_models', e.tableId)) ?? e.tableId;
      if (e.renamedFrom !== undefined)
        return {
          base_id: e.baseId,
          fk_model_id: e.tableId,
          op_type: 'TABLE',
          op_sub_type: 'RENAME',
          description: `Table ${e.renamedFrom} renamed to ${name}`,
          details: JSON.stringify({ old_title: e.renamedFrom, new_title: name }),
        };
      return {
        base_id: e.baseId,
        fk_model_id: e.tableId,
        op_type: 'TABLE',
        op_sub_type: OP[e.action],
        description: `Table ${name} ${VERB[e.action]}`,
      };
    }
    case 'field.changed': {
      const names =
        e.titles ?? ((await db('rb_columns').whereIn('id', e.fieldIds).pluck('title')) as string[]);
      const table = (await title(db, 'rb_models', e.tableId)) ?? e.tableId;
      const what = names.length === 1 ? `Field ${names[0]}` : `Fields ${names.join(', ')}`;
      return {
        base_id: e.baseId,
        fk_model_id: e.tableId,
        op_type: 'TABLE_COLUMN',
        op_sub_type: OP[e.action],
        description: `${what} of table ${table} ${VERB[e.action]}`,
        details: JSON.stringify({ field_ids: e.fieldIds }),
      };
    }
    case 'view.changed':
    case 'filter.changed':
    case 'sort.changed': {
      const home = await viewHome(db, e.viewId, e.type === 'view.changed' ? e.tableId : undefined);
      if (!home.baseId) return null;
      const name =
        (e.type === 'view.changed' ? e.title : undefined) ??
        (await title(db, 'rb_views', e.viewId)) ??
        e.viewId;
      const what =
        e.type === 'view.changed' ? 'View' : e.type === 'filter.changed' ? 'Filter of view' : 'Sort of view';
      return {
        base_id: home.baseId,
        fk_model_id: home.tableId,
        op_type: 'TABLE_VIEW',
        op_sub_type: OP[e.action],
        description: `${what} ${name} ${VERB[e.action]}`,
        details: JSON.stringify({ view_id: e.viewId }),
      };
    }
    case 'share.changed': {
      const home =
        e.scope === 'view' ? await viewHome(db, e.targetId) : { baseId: e.targetId, tableId: null };
      if (!home.baseId) return null;
      const what =
        e.scope === 'view'
          ? `Shared link of view ${(await title(db, 'rb_views', e.targetId)) ?? e.targetId}`
          : e.scope === 'erd'
            ? 'Shared ER diagram link'
            : 'Shared base link';
      return {
        base_id: home.baseId,
        fk_model_id: home.tableId,
        op_type: e.scope === 'view' ? 'TABLE_VIEW' : 'PROJECT',
        op_sub_type: OP[e.action],
        description: `${what} ${VERB[e.action]}`,
        details: JSON.stringify({ share: e.scope, target_id: e.targetId }),
      };
    }
    case 'source.changed': {
      const name = (await title(db, 'rb_sources', e.sourceId, 'alias')) ?? e.sourceId;
      return {
        base_id: e.baseId,
        op_type: 'META',
        op_sub_type: OP[e.action],
        description: `Data source ${name} ${VERB[e.action]}`,
        details: JSON.stringify({ source_id: e.sourceId }),
      };
    }
    case 'user.changed': {
      const email = (await title(db, 'rb_users', e.userId, 'email')) ?? e.userId;
      return {
        base_id: null,
        op_type: 'ORG_USER',
        op_sub_type: OP[e.action],
        description: `User ${email} ${VERB[e.action]}`,
        details: JSON.stringify({ user_id: e.userId }),
      };
    }
    case 'role.changed': {
      const email = (await title(db, 'rb_users', e.userId, 'email')) ?? e.userId;
      const details = JSON.stringify({ user_id: e.userId, role: e.role ?? null });
      if (!e.baseId)
        return {
          base_id: null,
          op_type: 'ORG_USER',
          op_sub_type: 'ROLES_MANAGEMENT',
          description: `Roles of ${email} changed`,
          details,
        };
      const [op, description] =
        e.action === 'created'
          ? ['INVITE', `${email} invited as ${e.role}`]
          : e.action === 'deleted'
            ? ['DELETE', `${email} removed from the base`]
            : ['ROLES_MANAGEMENT', `Role of ${email} changed to ${e.role ?? 'none'}`];
      return { base_id: e.baseId, op_type: 'ORG_USER', op_sub_type: op, description, details };
    }
    case 'token.changed': {
      const email = (await title(db, 'rb_users', e.userId, 'email')) ?? e.userId;
      return {
        base_id: null,
        op_type: 'AUTHENTICATION',
        op_sub_type: OP[e.action],
        description: `API token of ${email} ${VERB[e.action]}`,
        details: JSON.stringify({ token_id: e.tokenId, user_id: e.userId }),
      };
    }
    case 'hook.changed': {
      const name = e.title ?? (await title(db, 'rb_hooks', e.hookId)) ?? e.hookId;
      const table = (await title(db, 'rb_models', e.tableId)) ?? e.tableId;
      const what = e.conditions ? `Conditions of webhook ${name}` : `Webhook ${name}`;
      return {
        base_id: e.baseId,
        fk_model_id: e.tableId,
        op_type: 'WEBHOOKS',
        op_sub_type: OP[e.action],
        description: `${what} of table ${table} ${VERB[e.action]}`,
        details: JSON.stringify({ hook_id: e.hookId }),
      };
    }
    case 'auth.activity':
      return authEntryOf(e);
    default:
      return null;
  }
}

const AUTH_ENTRY: Record<AuthActivity['activity'], [string, (email: string) => string]> = {
  signin: ['SIGNIN', (email) => `${email} signed in`],
  'signin-failed': ['SIGNIN', (email) => (email ? `Sign-in as ${email} failed` : 'Sign-in failed')],
  'signup-failed': ['SIGNUP', (email) => `Sign-up as ${email} failed`],
  'password-change': ['PASSWORD_CHANGE', (email) => `Password of ${email} changed`],
  'password-reset': ['PASSWORD_RESET', (email) => `Password of ${email} reset`],
  'password-forgot': ['PASSWORD_FORGOT', (email) => `Password reset link asked for ${email}`],
};

/** Sign-ins and password changes: account entries (no base), named as docs/audit.md lists them. */
function authEntryOf(e: AuthActivity): Entry {
  const [op, describe] = AUTH_ENTRY[e.activity];
  return {
    base_id: null,
    op_type: 'AUTHENTICATION',
    op_sub_type: op,
    description: describe(e.email) + (e.via ? ` with ${e.via}` : ''),
    details: JSON.stringify({
      user_id: e.userId,
      success: e.activity !== 'signin-failed' && e.activity !== 'signup-failed',
      ...(e.via ? { via: e.via } : {}),
      ...(e.reason ? { reason: e.reason } : {}),
    }),
  };
}

export const META_TYPES = [
  'base.changed',
  'table.changed',
  'field.changed',
  'view.changed',
  'filter.changed',
  'sort.changed',
  'share.changed',
  'source.changed',
  'user.changed',
  'role.changed',
  'token.changed',
  'hook.changed',
  'auth.activity',
] as const;

/**
 * The events of one commit that only restate another: what a creation brings along (a new table's fields and
 * views, a new base's owner and source, a new view's columns) and a view's row being touched by its share link.
 */
function restated(burst: readonly ChangeEvent[]): Set<ChangeEvent> {
  const created = new Set<string>();
  const shared = new Set<string>();
  for (const e of burst) {
    if (e.type === 'base.changed' && e.action === 'created') created.add(`base:${e.baseId}`);
    if (e.type === 'table.changed' && e.action === 'created') created.add(`table:${e.tableId}`);
    if (e.type === 'view.changed' && e.action === 'created') created.add(`view:${e.viewId}`);
    if (e.type === 'share.changed' && e.scope === 'view') shared.add(e.targetId);
  }
  const out = new Set<ChangeEvent>();
  for (const e of burst) {
    const skip =
      (e.type === 'table.changed' && e.action === 'created' && created.has(`base:${e.baseId}`)) ||
      (e.type === 'field.changed' && e.action === 'created' && created.has(`table:${e.tableId}`)) ||
      (e.type === 'view.changed' &&
        e.action !== 'deleted' &&
        ((e.action === 'created' && !!e.tableId && created.has(`table:${e.tableId}`)) ||
          (e.action === 'updated' && (created.has(`view:${e.viewId}`) || shared.has(e.viewId))))) ||
      ((e.type === 'role.changed' || e.type === 'source.changed') &&
        !!e.baseId &&
        created.has(`base:${e.baseId}`));
    if (skip) out.add(e);
  }
  return out;
}

export function startMetaAudit(ctx: AppContext): () => Promise<void> {
  const writer = auditWriter(ctx);
  // Events of one commit arrive in one synchronous run: they are judged together on the next turn.
  let burst: { e: ChangeEvent; actor: ReturnType<typeof currentActor> }[] = [];
  const settle = async () => {
    const events = burst;
    burst = [];
    const skip = restated(events.map((b) => b.e));
    for (const { e, actor } of events) {
      if (skip.has(e)) continue;
      const entry = await metaEntryOf(ctx.db, e);
      // A sign-in acts for no signed-in user yet: the entry's user is the address given.
      const user = e.type === 'auth.activity' ? e.email || null : actor.user;
      if (entry) writer.write({ ...entry, user, ip: actor.ip, created_at: e.at });
    }
  };
  const stop = ctx.changes.subscribe(
    (e) => {
      if (e.origin !== ctx.changes.origin) return; // the process that made the change records it
      if (!burst.length)
        outsideRequest(() =>
          setImmediate(
            () => void settle().catch((err: unknown) => ctx.log.error({ err }, 'audit write failed')),
          ),
        );
      burst.push({ e, actor: currentActor() });
    },
    { name: 'meta-audit', types: META_TYPES },
  );
  return async () => {
    stop();
    await settle();
    await writer.close();
  };
}
