/** The ordered list of meta-store migrations. Append new ones; never edit a landed one. */
import type { Knex } from 'knex';
import * as foundation from './0001-foundation.js';
import * as meta from './0003-meta.js';
import * as views from './0005-views.js';
import * as viewOwner from './0006-view-owner.js';
import * as jobs from './0008-jobs.js';
import * as comments from './0011-comments.js';
import * as plugins from './0013-plugins.js';
import * as hooks from './0014-hooks.js';
import * as notifications from './0015-notifications.js';
import * as processes from './0019-processes.js';
import * as docs from './0020-docs.js';
import * as dashboards from './0021-dashboards.js';
import * as formNotice from './0026-form-notice.js';
import * as hookMailLocale from './0028-hook-mail-locale.js';
import * as kanbanCardOrder from './0029-kanban-card-order.js';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '0001-foundation', ...foundation },
  { name: '0003-meta', ...meta },
  { name: '0005-views', ...views },
  { name: '0006-view-owner', ...viewOwner },
  { name: '0008-jobs', ...jobs },
  { name: '0011-comments', ...comments },
  { name: '0013-plugins', ...plugins },
  { name: '0014-hooks', ...hooks },
  { name: '0015-notifications', ...notifications },
  { name: '0019-processes', ...processes },
  { name: '0020-docs', ...docs },
  { name: '0021-dashboards', ...dashboards },
  { name: '0026-form-notice', ...formNotice },
  { name: '0028-hook-mail-locale', ...hookMailLocale },
  { name: '0029-kanban-card-order', ...kanbanCardOrder },
];
