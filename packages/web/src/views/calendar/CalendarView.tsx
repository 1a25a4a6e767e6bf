/**
 * The calendar: records as chips by year, month, week or day (weeks start on Monday). A month shows them on
 * their days; a week or a day is an hour grid where timed records sit at their hour; a year counts them per
 * day. With an end field, a record is drawn across the days from its start to its end. A chip dragged to another
 * day (or hour) saves the new date, a range keeping its length; a range's start or end edge dragged to another
 * day moves that end alone, never to before the other one; a click on empty space creates a record there;
 * a chip opens its record. Beside the days, the records without a date, searchable. Only the days on screen
 * are read. A small component of our own: one query per screen and dnd-kit as the other views use.
 */
import { kindOf } from '@rowbase/core/fields/traits';
import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { printWhere, type FilterCondition, type FilterNode } from '@rowbase/core/filters/where';
import { Button, Input, Segmented, message } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { usePermissions } from '../../app/use-permissions';
import { cellTypeOf } from '../../fields/registry';
import { CardRecord } from '../cards/CardRecord';
import { appSource, cardApi, displayColumn, rowIdOf, type CardSource, type Row } from '../cards/card-data';
import {
  dayKey,
  dayOfValue,
  daysBetween,
  daysShown,
  fromDayKey,
  hourOfValue,
  moveToDay,
  movedEnd,
  resizedRange,
  spanOf,
  step,
  type Edge,
  type Mode,
} from './calendar-dates';
import { CalendarFields } from './CalendarFields';
import { Chip, MonthGrid, TimeGrid, YearGrid, type Entry } from './CalendarGrids';

interface Props {
  table: TableMeta;
  view: ViewMeta & { view?: Record<string, unknown> };
  source?: CardSource;
  readOnly?: boolean;
}

const LIMIT = 1000;
/** A year reads at most this many pages of records to count them. */
const YEAR_PAGES = 10;

export function CalendarView({ table, view, source: given, readOnly = false }: Props) {
  const { t, i18n } = useTranslation();
  const source = useMemo(() => given ?? appSource(table, view.id), [given, table, view.id]);
  const { allowed } = usePermissions(table.base_id);
  const canEdit = !readOnly && allowed('dataEdit');
  const canSetUp = !readOnly && allowed('viewCreateOrEdit');
  const ranges = (view.view?.calendar_range ?? []) as {
    fk_from_column_id: string;
    fk_to_column_id?: string | null;
  }[];
  const field = (table.columns ?? []).find((c) => c.id === ranges[0]?.fk_from_column_id);
  const endField = (table.columns ?? []).find((c) => c.id === ranges[0]?.fk_to_column_id);
  const isDateTime = field ? kindOf(field.uidt) !== 'date' : false;
  const [mode, setMode] = useState<Mode>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const [rows, setRows] = useState<Row[]>([]);
  const [partial, setPartial] = useState(false);
  const [undated, setUndated] = useState<Row[]>([]);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<{ id: unknown; row: Row }>();
  const days = useMemo(() => daysShown(anchor, mode), [anchor, mode]);
  const title = displayColumn(table);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  // A day either side: an instant near midnight UTC may fall on a neighbouring local day.
  const before = dayKey(step(days[0]!, 'day', -1));
  const after = dayKey(step(days[days.length - 1]!, 'day', 1));

  const load = useCallback(async () => {
    if (!field) return;
    const on = (title: string, op: 'ge' | 'le', date: string): FilterCondition => ({
      type: 'condition',
      logical: 'and',
      field: title,
      op,
      value: `exactDate,${date}`,
      args: ['exactDate', date],
    });
    // A range is on screen when it starts before the last day and ends (or, without an end, starts) after the first.
    const shown: FilterNode[] = endField
      ? [
          on(field.title, 'le', after),
          {
            type: 'group',
            logical: 'and',
            children: [on(field.title, 'ge', before), { ...on(endField.title, 'ge', before), logical: 'or' }],
          },
        ]
      : [on(field.title, 'ge', before), on(field.title, 'le', after)];
    const where = printWhere(shown);
    const text = search.trim();
    const blank = printWhere([
      { type: 'condition', logical: 'and', field: field.title, op: 'blank', args: [] },
      ...(text && title
        ? [
            {
              type: 'condition',
              logical: 'and',
              field: title.title,
              op: 'like',
              value: `%${text}%`,
              args: [`%${text}%`],
            } as FilterCondition,
          ]
        : []),
    ]);
    try {
      const pages = mode === 'year' ? YEAR_PAGES : 1;
      const read = async () => {
        const out: Row[] = [];
        for (let p = 0; p < pages; p++) {
          const page = await source.rows({ where, limit: LIMIT, offset: p * LIMIT });
          out.push(...page.list);
          if (page.list.length < LIMIT) return { list: out, full: false };
        }
        return { list: out, full: true };
      };
      const [inView, none] = await Promise.all([
        read(),
        source.rows({ where: blank, limit: 100, offset: 0 }),
      ]);
      setRows(inView.list);
      setPartial(inView.full);
      setUndated(none.list);
    } catch (e) {
      notifyError(e);
    }
  }, [field, endField, before, after, search, title, source, mode]);
  useEffect(() => void load(), [load]);

  const label = useCallback(
    (r: Row) => (title ? cellTypeOf(title.uidt as UIType).format(r[title.title], title) : ''),
    [title],
  );
  const entries = useMemo(() => {
    const out = new Map<string, Entry[]>();
    if (!field) return out;
    for (const r of rows) {
      const span = spanOf(r[field.title], endField ? r[endField.title] : undefined, isDateTime);
      if (!span) continue;
      // A timed record of one day sits at its hour in the hour grids; a range stays in the all-day row.
      const hour = span.length === 1 ? hourOfValue(r[field.title], isDateTime) : undefined;
      span.forEach((day, i) => {
        const part =
          span.length === 1 ? 'single' : i === 0 ? 'start' : i === span.length - 1 ? 'end' : 'middle';
        const entry: Entry = {
          id: `${String(rowIdOf(table, r))}@${day}`,
          label: label(r),
          row: r,
          part,
          hour,
        };
        out.set(day, [...(out.get(day) ?? []), entry]);
      });
    }
    return out;
  }, [rows, field, endField, isDateTime, table, label]);
  const counts = useMemo(() => {
    const out = new Map<string, number>();
    for (const [day, list] of entries) out.set(day, list.length);
    return out;
  }, [entries]);

  /**
   * Moves a record by the days between the day its chip was taken from and the day it is dropped on (and to
   * the hour it is dropped on, in the hour grids); a range's end moves with it.
   */
  const save = async (row: Row, from: string | undefined, day: string, hour?: number) => {
    if (!field || !canEdit) return;
    const start = row[field.title];
    const startDay = dayOfValue(start, isDateTime);
    const by = startDay ? daysBetween(from || startDay, day) : 0;
    const target = startDay ? dayKey(new Date(fromDayKey(startDay).getTime() + by * 86_400_000)) : day;
    const value = moveToDay(start, target, isDateTime, hour);
    if (value === start) return;
    const patch: Row = { [field.title]: value };
    if (endField && startDay && row[endField.title])
      patch[endField.title] = movedEnd(row[endField.title], start, value, isDateTime, by);
    const id = rowIdOf(table, row);
    setRows((rs) => [...rs.filter((r) => rowIdOf(table, r) !== id), { ...row, ...patch }]);
    setUndated((rs) => rs.filter((r) => rowIdOf(table, r) !== id));
    try {
      await cardApi.update(table, id, patch);
    } catch (e) {
      notifyError(e);
      void load();
    }
  };
  /** Moves one edge of a range to a day (and hour); a range that would end before it starts is refused. */
  const resize = async (row: Row, edge: Edge, day: string, hour?: number) => {
    if (!field || !endField || !canEdit) return;
    const r = resizedRange({
      start: row[field.title],
      end: row[endField.title],
      edge,
      day,
      isDateTime,
      hour,
    });
    if (!r) return;
    if (r === 'endBeforeStart') {
      void message.warning(t('calendar.endBeforeStart', { start: field.title, end: endField.title }));
      return;
    }
    const patch: Row = { [r.field === 'start' ? field.title : endField.title]: r.value };
    const id = rowIdOf(table, row);
    setRows((rs) => rs.map((x) => (rowIdOf(table, x) === id ? { ...x, ...patch } : x)));
    try {
      await cardApi.update(table, id, patch);
    } catch (e) {
      notifyError(e);
      void load();
    }
  };
  const create = async (day: string, hour?: number) => {
    if (!field || !canEdit) return;
    try {
      const row = await cardApi.insert(table, { [field.title]: moveToDay(null, day, isDateTime, hour) });
      setOpened({ id: rowIdOf(table, row), row });
      void load();
    } catch (e) {
      notifyError(e);
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = active.data.current?.row as Row | undefined;
    const day = over?.data.current?.day as string | undefined;
    const hour = over?.data.current?.hour as number | undefined;
    const edge = active.data.current?.edge as Edge | undefined;
    if (row && day && edge) void resize(row, edge, day, hour);
    else if (row && day) void save(row, active.data.current?.day as string | undefined, day, hour);
  };
  const open = (e: Entry) => setOpened({ id: rowIdOf(table, e.row), row: e.row });

  if (!field)
    return (
      <div className="m-6 flex flex-col items-start gap-2 text-gray-500" data-testid="calendar-no-field">
        <p>{t('calendar.noField')}</p>
        {canSetUp && <CalendarFields table={table} viewId={view.id} />}
      </div>
    );
  const heading = new Intl.DateTimeFormat(i18n.language, {
    ...(mode === 'year' ? {} : { month: 'long' }),
    year: 'numeric',
    ...(mode === 'day' ? { day: 'numeric' } : {}),
  }).format(anchor);
  const grid = {
    days,
    entries,
    canEdit,
    resizable: !!endField,
    onCreate: (d: string, h?: number) => void create(d, h),
    onOpen: open,
  };

  return (
    <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
      <div className="flex h-full min-h-0 flex-col" data-testid="calendar">
        <div className="flex items-center gap-2 border-b border-gray-200 px-2 py-1 text-[13px]">
          <Button
            size="small"
            onClick={() => setAnchor(step(anchor, mode, -1))}
            aria-label={t('calendar.previous')}
          >
            <span className="inline-block rtl:rotate-180">‹</span>
          </Button>
          <Button size="small" onClick={() => setAnchor(new Date())}>
            {t('calendar.today')}
          </Button>
          <Button
            size="small"
            onClick={() => setAnchor(step(anchor, mode, 1))}
            aria-label={t('calendar.next')}
          >
            <span className="inline-block rtl:rotate-180">›</span>
          </Button>
          <span className="px-2 font-semibold" data-testid="calendar-heading">
            {heading}
          </span>
          <Segmented
            size="small"
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            options={(['year', 'month', 'week', 'day'] as const).map((m) => ({
              value: m,
              label: <span data-testid={`calendar-mode-${m}`}>{t(`calendar.${m}`)}</span>,
            }))}
          />
          {canSetUp ? (
            <CalendarFields table={table} viewId={view.id} start={field} end={endField} />
          ) : (
            <span className="text-xs text-gray-500">
              {endField ? `${field.title} – ${endField.title}` : field.title}
            </span>
          )}
          {partial && (
            <span className="text-xs text-amber-600" data-testid="calendar-partial">
              {t('calendar.partial', { count: rows.length })}
            </span>
          )}
        </div>
        <div className="flex min-h-0 flex-1">
          {mode === 'year' ? (
            <YearGrid
              anchor={anchor}
              counts={counts}
              onPick={(d) => {
                setAnchor(d);
                setMode('day');
              }}
            />
          ) : mode === 'month' ? (
            <MonthGrid {...grid} month={anchor.getMonth()} />
          ) : (
            <TimeGrid {...grid} />
          )}
          <aside
            className="flex w-56 shrink-0 flex-col gap-1 border-s border-gray-200 p-2"
            data-testid="calendar-undated"
          >
            <span className="text-xs font-semibold uppercase text-gray-500">{t('calendar.noDate')}</span>
            <Input.Search
              size="small"
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <div className="flex min-h-0 flex-col gap-1 overflow-auto">
              {undated.map((r) => (
                <Chip
                  key={String(rowIdOf(table, r))}
                  entry={{ id: `${String(rowIdOf(table, r))}@`, label: label(r), row: r, part: 'single' }}
                  disabled={!canEdit}
                  onOpen={() => setOpened({ id: rowIdOf(table, r), row: r })}
                />
              ))}
            </div>
          </aside>
        </div>
      </div>
      {opened && (
        <CardRecord
          table={table}
          rowId={opened.id}
          row={readOnly ? opened.row : undefined}
          onClose={() => setOpened(undefined)}
          onSaved={() => void load()}
        />
      )}
    </DndContext>
  );
}
