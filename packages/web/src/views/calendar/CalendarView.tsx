/**
 * The calendar: records as chips on the day of the view's date field, by month, week or day (weeks start on
 * Monday). A chip dragged to another day saves the new date; a click on a day's empty space creates a record
 * there; a chip opens its record. Beside the days, the records without a date, searchable. Only the days on
 * screen are read. A small component of our own: one query per screen and dnd-kit as the other views use.
 */
import { kindOf } from '@rowbase/core/fields/traits';
import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { printWhere, type FilterCondition } from '@rowbase/core/filters/where';
import { Button, Input, Segmented } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { usePermissions } from '../../app/use-permissions';
import { cellTypeOf } from '../../fields/registry';
import { CardRecord } from '../cards/CardRecord';
import { appSource, cardApi, displayColumn, rowIdOf, type CardSource, type Row } from '../cards/card-data';
import { dayKey, dayOfValue, daysShown, moveToDay, step, type Mode } from './calendar-dates';

interface Props {
  table: TableMeta;
  view: ViewMeta & { view?: Record<string, unknown> };
  source?: CardSource;
  readOnly?: boolean;
}

const LIMIT = 1000;

export function CalendarView({ table, view, source: given, readOnly = false }: Props) {
  const { t, i18n } = useTranslation();
  const source = useMemo(() => given ?? appSource(table, view.id), [given, table, view.id]);
  const { allowed } = usePermissions(table.base_id);
  const canEdit = !readOnly && allowed('dataEdit');
  const ranges = (view.view?.calendar_range ?? []) as { fk_from_column_id: string }[];
  const field = (table.columns ?? []).find((c) => c.id === ranges[0]?.fk_from_column_id);
  const isDateTime = field ? kindOf(field.uidt) !== 'date' : false;
  const [mode, setMode] = useState<Mode>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const [rows, setRows] = useState<Row[]>([]);
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
    const on = (op: 'ge' | 'le', date: string): FilterCondition => ({
      type: 'condition',
      logical: 'and',
      field: field.title,
      op,
      value: `exactDate,${date}`,
      args: ['exactDate', date],
    });
    const where = printWhere([on('ge', before), on('le', after)]);
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
      const [shown, none] = await Promise.all([
        source.rows({ where, limit: LIMIT, offset: 0 }),
        source.rows({ where: blank, limit: 100, offset: 0 }),
      ]);
      setRows(shown.list);
      setUndated(none.list);
    } catch (e) {
      notifyError(e);
    }
  }, [field, before, after, search, title, source]);
  useEffect(() => void load(), [load]);

  const byDay = useMemo(() => {
    const out = new Map<string, Row[]>();
    if (!field) return out;
    for (const r of rows) {
      const key = dayOfValue(r[field.title], isDateTime);
      if (key) out.set(key, [...(out.get(key) ?? []), r]);
    }
    return out;
  }, [rows, field, isDateTime]);

  const save = async (row: Row, day: string) => {
    if (!field || !canEdit) return;
    const value = moveToDay(row[field.title], day, isDateTime);
    const id = rowIdOf(table, row);
    setRows((rs) => [...rs.filter((r) => rowIdOf(table, r) !== id), { ...row, [field.title]: value }]);
    setUndated((rs) => rs.filter((r) => rowIdOf(table, r) !== id));
    try {
      await cardApi.update(table, id, { [field.title]: value });
    } catch (e) {
      notifyError(e);
      void load();
    }
  };
  const create = async (day: string) => {
    if (!field || !canEdit) return;
    try {
      const row = await cardApi.insert(table, { [field.title]: moveToDay(null, day, isDateTime) });
      setOpened({ id: rowIdOf(table, row), row });
      void load();
    } catch (e) {
      notifyError(e);
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = active.data.current?.row as Row | undefined;
    const day = over?.data.current?.day as string | undefined;
    if (row && day && (!field || dayOfValue(row[field.title], isDateTime) !== day)) void save(row, day);
  };

  if (!field)
    return (
      <p className="m-6 text-gray-500" data-testid="calendar-no-field">
        {t('calendar.noField')}
      </p>
    );
  const heading = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    ...(mode === 'day' ? { day: 'numeric' } : {}),
  }).format(anchor);
  const weekday = (d: Date) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(d);
  const month = anchor.getMonth();
  const chip = (r: Row) => (
    <Chip
      key={String(rowIdOf(table, r))}
      id={String(rowIdOf(table, r))}
      row={r}
      label={title ? cellTypeOf(title.uidt as UIType).format(r[title.title], title) : ''}
      disabled={!canEdit}
      onOpen={() => setOpened({ id: rowIdOf(table, r), row: r })}
    />
  );

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
            options={(['month', 'week', 'day'] as const).map((m) => ({
              value: m,
              label: t(`calendar.${m}`),
            }))}
          />
          <span className="text-xs text-gray-500">{field.title}</span>
        </div>
        <div className="flex min-h-0 flex-1">
          <div
            className={`grid min-h-0 flex-1 auto-rows-fr overflow-auto ${mode === 'day' ? 'grid-cols-1' : 'grid-cols-7'}`}
            data-testid="calendar-days"
          >
            {days.slice(0, mode === 'day' ? 1 : 7).map((d) => (
              <div key={`h${dayKey(d)}`} className="border-b border-gray-200 px-2 py-1 text-xs text-gray-500">
                {weekday(d)}
              </div>
            ))}
            {days.map((d) => (
              <Day
                key={dayKey(d)}
                day={dayKey(d)}
                label={d.getDate()}
                dim={mode === 'month' && d.getMonth() !== month}
                onCreate={() => void create(dayKey(d))}
              >
                {(byDay.get(dayKey(d)) ?? []).map(chip)}
              </Day>
            ))}
          </div>
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
            <div className="flex min-h-0 flex-col gap-1 overflow-auto">{undated.map(chip)}</div>
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

function Day(props: {
  day: string;
  label: number;
  dim: boolean;
  onCreate(): void;
  children: React.ReactNode;
}) {
  const drop = useDroppable({ id: `day:${props.day}`, data: { day: props.day } });
  return (
    <div
      ref={drop.setNodeRef}
      className={`flex min-h-24 flex-col gap-0.5 border-e border-b border-gray-100 p-1 ${drop.isOver ? 'bg-indigo-50' : ''} ${props.dim ? 'bg-gray-50 text-gray-400' : ''}`}
      onClick={(e) => e.target === e.currentTarget && props.onCreate()}
      data-testid={`day-${props.day}`}
    >
      <span className="pointer-events-none text-xs">{props.label}</span>
      {props.children}
    </div>
  );
}

interface ChipProps {
  id: string;
  row: Row;
  label: string;
  disabled: boolean;
  onOpen(): void;
}

function Chip({ id, row, label, disabled, onOpen }: ChipProps) {
  const { t } = useTranslation();
  const drag = useDraggable({ id: `chip:${id}`, data: { row }, disabled });
  const style = drag.transform
    ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)`, zIndex: 20 }
    : undefined;
  return (
    <div
      ref={drag.setNodeRef}
      style={style}
      {...(disabled ? {} : { ...drag.attributes, ...drag.listeners })}
      onClick={onOpen}
      className="cursor-pointer truncate rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-900"
      data-testid="calendar-chip"
    >
      {label || t('cards.untitled')}
    </div>
  );
}
