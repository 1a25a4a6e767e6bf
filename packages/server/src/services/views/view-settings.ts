/**
 * Per-type view settings: which settings each view type takes, and the checks on the fields they point at
 * (gallery cover is an Attachment, kanban grouping a SingleSelect, map a GeoData, calendar ranges dates).
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { ViewType } from '@rowbase/core/api/meta';
import type { UpdateViewSettingsBody } from '@rowbase/core/api/views';
import { badRequest } from '@rowbase/core/errors';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { CalendarRange, StoredView, ViewSettings } from '../../meta/repos/views.js';
import { rememberNoticeRecipient } from '../shares/form-notice.js';
import { getColumns } from './table-meta.js';

type SettingKey = keyof ViewSettings | 'calendar_range';

const SETTINGS_OF_TYPE: Record<number, readonly SettingKey[]> = {
  [ViewType.GRID]: ['row_height'],
  [ViewType.FORM]: [
    'heading',
    'subheading',
    'success_msg',
    'redirect_url',
    'redirect_after_secs',
    'submit_another_form',
    'show_blank_form',
    'email',
    'banner_image_url',
    'logo_url',
  ],
  [ViewType.GALLERY]: ['fk_cover_image_col_id'],
  [ViewType.KANBAN]: ['fk_grp_col_id', 'fk_cover_image_col_id'],
  [ViewType.MAP]: ['fk_geo_data_col_id'],
  [ViewType.CALENDAR]: ['calendar_range', 'fk_cover_image_col_id'],
};

const TYPE_NAME: Record<number, string> = {
  [ViewType.GRID]: 'grid',
  [ViewType.FORM]: 'form',
  [ViewType.GALLERY]: 'gallery',
  [ViewType.KANBAN]: 'kanban',
  [ViewType.MAP]: 'map',
  [ViewType.CALENDAR]: 'calendar',
};

const FIELD_RULES: Partial<Record<SettingKey, { types: readonly UIType[]; what: string }>> = {
  fk_cover_image_col_id: { types: ['Attachment'], what: 'an Attachment field' },
  fk_grp_col_id: { types: ['SingleSelect'], what: 'a SingleSelect field' },
  fk_geo_data_col_id: { types: ['GeoData'], what: 'a GeoData field' },
};

const DATE_TYPES: readonly UIType[] = ['Date', 'DateTime', 'CreateTime', 'LastModifiedTime'];

export function viewTypeName(type: number): string {
  return TYPE_NAME[type] ?? String(type);
}

/** The settings a view of this type shows, as `GET /db/meta/{type}s/{id}` and view lists send them. */
export function settingsOfType(
  type: number,
  s: ViewSettings,
  ranges: CalendarRange[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SETTINGS_OF_TYPE[type] ?? []) {
    if (key === 'calendar_range') out.calendar_range = ranges;
    // A grid made before it had settings (a table's default view) is short.
    else if (key === 'row_height') out.row_height = s.row_height ?? 0;
    else out[key] = s[key];
  }
  return out;
}

/**
 * Checks and applies a settings change for the view's type. A setting of another type is a 400 naming it;
 * a field reference must be a field of the view's table of the right type.
 */
export async function applySettings(
  ctx: Pick<AppContext, 'views'>,
  view: StoredView,
  body: UpdateViewSettingsBody,
  trx: Knex,
): Promise<void> {
  const allowed = SETTINGS_OF_TYPE[view.type] ?? [];
  const patch: Partial<ViewSettings> = {};
  let columns: ColumnMeta[] | undefined;
  const columnsOfTable = async () => (columns ??= await getColumns(trx, view.fk_model_id));
  for (const [key, value] of Object.entries(body) as [SettingKey | 'meta', unknown][]) {
    if (key === 'meta' || value === undefined) continue;
    if (!allowed.includes(key)) {
      throw badRequest(`${key} is not a setting of a ${viewTypeName(view.type)} view`);
    }
    const rule = FIELD_RULES[key];
    if (rule && value !== null) await checkFieldRef(await columnsOfTable(), key, value as string, rule);
    if (key === 'calendar_range') {
      const ranges = value as { fk_from_column_id: string; fk_to_column_id?: string | null }[];
      for (const r of ranges) {
        const rule = { types: DATE_TYPES, what: 'a Date or DateTime field' };
        await checkFieldRef(await columnsOfTable(), 'fk_from_column_id', r.fk_from_column_id, rule);
        if (r.fk_to_column_id)
          await checkFieldRef(await columnsOfTable(), 'fk_to_column_id', r.fk_to_column_id, rule);
      }
      await ctx.views.replaceCalendarRanges(view.id, ranges, trx);
      continue;
    }
    (patch as Record<string, unknown>)[key] = value;
  }
  await ctx.views.saveSettings(view.id, patch, trx);
  if (patch.email === true) await rememberNoticeRecipient(trx, view.id);
}

async function checkFieldRef(
  columns: ColumnMeta[],
  key: string,
  columnId: string,
  rule: { types: readonly UIType[]; what: string },
): Promise<void> {
  const column = columns.find((c) => c.id === columnId);
  if (!column) throw badRequest(`${key}: field '${columnId}' is not a field of this table`);
  if (!rule.types.includes(column.uidt)) {
    throw badRequest(`${key}: field '${column.title}' must be ${rule.what}, not ${column.uidt}`);
  }
}

/** Defaults for a new view of a type: the first fitting field of the table, as the web would pick. */
export async function defaultSettings(
  trx: Knex,
  tableId: string,
  type: number,
): Promise<UpdateViewSettingsBody> {
  const columns = await getColumns(trx, tableId);
  // System fields (CreatedAt, UpdatedAt) are a last resort.
  const first = (types: readonly UIType[]) =>
    (columns.find((c) => !c.system && types.includes(c.uidt)) ?? columns.find((c) => types.includes(c.uidt)))
      ?.id;
  switch (type) {
    case ViewType.GRID:
      return { row_height: 0 };
    case ViewType.FORM:
      return { submit_another_form: false, show_blank_form: false };
    case ViewType.GALLERY:
      return { fk_cover_image_col_id: first(['Attachment']) ?? null };
    case ViewType.KANBAN:
      return {
        fk_grp_col_id: first(['SingleSelect']) ?? null,
        fk_cover_image_col_id: first(['Attachment']) ?? null,
      };
    case ViewType.MAP:
      return { fk_geo_data_col_id: first(['GeoData']) ?? null };
    case ViewType.CALENDAR: {
      const from = first(DATE_TYPES);
      return { calendar_range: from ? [{ fk_from_column_id: from }] : [] };
    }
    default:
      return {};
  }
}
