/**
 * The fields a calendar is built on, chosen in its toolbar: the date a record starts on and, for ranges, the date
 * it ends on (docs/views.md "Calendar"). Saved as the view's `calendar_range`; the server checks both are dates.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from '../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { viewsApi } from '../../api/views';
import { viewsKey } from '../../api/tables';

/** The field types a calendar can place records by (the server's rule for `calendar_range`). */
const DATE_TYPES = ['Date', 'DateTime', 'CreateTime', 'LastModifiedTime'];
/** An end is dragged to resize a range, so it is a date a person can edit. */
const END_TYPES = ['Date', 'DateTime'];

interface Props {
  table: TableMeta;
  viewId: string;
  start?: ColumnMeta;
  end?: ColumnMeta;
}

export function CalendarFields({ table, viewId, start, end }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const dates = (table.columns ?? []).filter((c) => DATE_TYPES.includes(c.uidt));
  const save = (from: string | undefined, to: string | undefined) =>
    void viewsApi
      .updateSettings('calendars', viewId, {
        calendar_range: from ? [{ fk_from_column_id: from, fk_to_column_id: to ?? null }] : [],
      })
      .then(() => qc.invalidateQueries({ queryKey: viewsKey(table.id) }), notifyError);
  return (
    <>
      <Select
        size="small"
        className="w-40"
        placeholder={t('calendar.startsOn')}
        value={start?.id}
        options={dates.map((c) => ({ value: c.id, label: `${t('calendar.startsOn')}: ${c.title}` }))}
        onChange={(id: string) => save(id, end?.id === id ? undefined : end?.id)}
        data-testid="calendar-start-field"
      />
      {start && (
        <Select
          size="small"
          className="w-40"
          allowClear
          placeholder={t('calendar.noEnd')}
          value={end?.id}
          options={dates
            .filter((c) => c.id !== start.id && !c.system && END_TYPES.includes(c.uidt))
            .map((c) => ({ value: c.id, label: `${t('calendar.endsOn')}: ${c.title}` }))}
          onChange={(id?: string) => save(start.id, id)}
          data-testid="calendar-end-field"
        />
      )}
    </>
  );
}
