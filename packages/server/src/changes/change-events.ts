/**
 * The typed change events of the change feed (see docs/change-feed.md): what changed, published once the
 * change is committed. Events are plain JSON (no Dates, Maps or class instances), so a fan-out subscriber can
 * send them to other app processes as they are; `origin` tells the process that made the change.
 *
 * Narrow on `type`: `if (e.type === 'rows.updated') e.changes` needs no cast.
 */

/** A primary-key value as the row API reports it. */
export type RowId = string | number;

/** Values of one row, keyed by field title. */
export type RowValues = Record<string, unknown>;

/** What an updated row looked like before and after: only the fields the write changed. */
export interface RowChange {
  id: RowId;
  /** New values of the written fields, keyed by field title. */
  values: RowValues;
  /** Values of the same fields before the write; present when a subscriber asked for previous values. */
  previous?: RowValues;
}

/** Created, changed or removed: the life-cycle step of a meta entity. */
export type MetaAction = 'created' | 'updated' | 'deleted';

interface RowsEventBase {
  baseId: string;
  tableId: string;
  /**
   * Keys of the affected rows; `null` when the write matched a filter and the keys are not known
   * (bulk update or delete by `where`).
   */
  ids: RowId[] | null;
  /** Set when the row data was left out because the write was large; `ids` are still complete. */
  truncated?: true;
}

export interface RowsInserted extends RowsEventBase {
  type: 'rows.inserted';
  /**
   * The values each row was written with, keyed by field title, in the order of `ids` (values the database
   * filled in, such as defaults and auto-increments other than the key, are not read back).
   */
  rows?: RowValues[];
}

export interface RowsUpdated extends RowsEventBase {
  type: 'rows.updated';
  /** Per row, the written fields; absent for writes by filter and for truncated events. */
  changes?: RowChange[];
  /** The values written to every matched row, for an update by filter. */
  values?: RowValues;
}

export interface RowsDeleted extends RowsEventBase {
  type: 'rows.deleted';
  /** The deleted rows as they were (stored fields by title); present when a subscriber asked for previous values. */
  previous?: RowValues[];
}

/** Links between rows added or removed through a link field (both sides' tables may show them). */
export interface LinksChanged {
  type: 'links.changed';
  baseId: string;
  tableId: string;
  /** The link field the change went through. */
  fieldId: string;
  relatedTableId: string;
  rowId: RowId;
  action: 'linked' | 'unlinked';
  relatedIds: RowId[];
}

export interface TableChanged {
  type: 'table.changed';
  action: MetaAction;
  baseId: string;
  tableId: string;
  /** The table's title, on deletes (it can no longer be read). */
  title?: string;
  /** On a rename, the title before it. */
  renamedFrom?: string;
}

export interface FieldChanged {
  type: 'field.changed';
  action: MetaAction;
  baseId: string;
  tableId: string;
  fieldIds: string[];
  /** The fields' titles, on deletes (they can no longer be read). */
  titles?: string[];
}

export interface ViewChanged {
  type: 'view.changed';
  action: MetaAction;
  viewId: string;
  /** The view's table, when the writer knows it without a read (view columns and settings do not). */
  tableId?: string;
  /** The view's title, on deletes (it can no longer be read). */
  title?: string;
}

/** A view's filters or sorts. */
export interface ViewSettingChanged {
  type: 'filter.changed' | 'sort.changed';
  action: MetaAction;
  viewId: string;
}

/** A shared view link or a shared base link created, changed (password, settings) or removed. */
export interface ShareChanged {
  type: 'share.changed';
  action: MetaAction;
  scope: 'view' | 'base' | 'erd';
  /** The view id for a view share, the base id for a base or ERD share. */
  targetId: string;
}

/** A user's account: profile, password, blocked, sign-out everywhere (token version), or removal. */
export interface UserChanged {
  type: 'user.changed';
  action: MetaAction;
  userId: string;
}

/** A user's roles: org roles (`baseId` null) or their role in one base (added, changed or removed). */
export interface RoleChanged {
  type: 'role.changed';
  userId: string;
  baseId: string | null;
  /** For a base role: added (an invitation), changed or removed. */
  action?: MetaAction;
  /** The base role after the change (absent when removed or for org roles). */
  role?: string;
}

export interface TokenChanged {
  type: 'token.changed';
  action: MetaAction;
  tokenId: string;
  userId: string;
}

export interface BaseChanged {
  type: 'base.changed';
  action: MetaAction;
  baseId: string;
}

export interface SourceChanged {
  type: 'source.changed';
  action: MetaAction;
  baseId: string;
  sourceId: string;
}

/** A webhook, or its conditions, created, changed or removed. */
export interface HookChanged {
  type: 'hook.changed';
  action: MetaAction;
  baseId: string;
  tableId: string;
  hookId: string;
  /** The hook's title, on deletes (it can no longer be read). */
  title?: string;
  /** Set when what changed is the hook's conditions. */
  conditions?: true;
}

/**
 * Someone signed in with a password (or failed to), changed their password, reset it with a link or asked
 * for a link. Not a change of meta rows the other subscribers care about: the audit records it.
 */
export interface AuthActivity {
  type: 'auth.activity';
  activity:
    'signin' | 'signin-failed' | 'signup-failed' | 'password-change' | 'password-reset' | 'password-forgot';
  /** The address given, for a failed sign-in possibly of no account; '' when a provider's sign-in failed before saying whose. */
  email: string;
  /** The account, when there is one. */
  userId: string | null;
  /** A sign-in through an identity provider: its name (GitHub, or the OIDC provider's). */
  via?: string;
  /** Why a sign-in or sign-up through a provider failed (the message its caller was answered with). */
  reason?: string;
}

/** Every change, without the envelope the feed adds. */
export type Change =
  | RowsInserted
  | RowsUpdated
  | RowsDeleted
  | LinksChanged
  | TableChanged
  | FieldChanged
  | ViewChanged
  | ViewSettingChanged
  | ShareChanged
  | UserChanged
  | RoleChanged
  | TokenChanged
  | BaseChanged
  | SourceChanged
  | HookChanged
  | AuthActivity;

export type ChangeType = Change['type'];

/** Where and when a change was published. */
export interface Envelope {
  /** The process that committed the change (`ChangeFeed.origin`); a fan-out skips its own events. */
  origin: string;
  /** Per-origin sequence number, increasing. */
  seq: number;
  /** Milliseconds since the epoch when it was published. */
  at: number;
}

/** A published change event. */
export type ChangeEvent = Change & Envelope;

/** The events of one type, e.g. `ChangeOf<'rows.updated'>`. */
export type ChangeOf<T extends ChangeType> = Extract<ChangeEvent, { type: T }>;

/** Row events: the three types that carry `ids`. */
export type RowsChange = RowsInserted | RowsUpdated | RowsDeleted;

export function isRowsChange(c: Change): c is RowsChange {
  return c.type === 'rows.inserted' || c.type === 'rows.updated' || c.type === 'rows.deleted';
}

/** Exhaustiveness check for switches over `type`. */
export function assertNever(x: never): never {
  throw new Error(`Unexpected change ${JSON.stringify(x)}`);
}
