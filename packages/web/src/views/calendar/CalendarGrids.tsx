/**
 * The calendar's screens: a month of day cells, a week or a day as an hour grid (an all-day row for plain
 * dates and ranges, then a slot per hour where timed records sit), and a year of small months with a count per
 * day. Day cells and hour slots take dropped chips; a click on their empty space creates a record there. On a
 * range, the chip's first and last pieces carry a handle at their outer edge that is dragged to another day
 * to move that end alone (docs/views.md).
 */
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useLayoutEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKey, daysShown, type Edge } from './calendar-dates';

/** A record on one day: where that day falls in its range, and its hour when it is timed. */
export interface Entry {
  id: string;
  label: string;
  row: Record<string, unknown>;
  part: 'single' | 'start' | 'middle' | 'end';
  hour?: number;
}

interface GridProps {
  days: Date[];
  entries: Map<string, Entry[]>;
  canEdit: boolean;
  /** The calendar has an end field: range chips can be resized by their edges. */
  resizable: boolean;
  onCreate(day: string, hour?: number): void;
  onOpen(entry: Entry): void;
}

const HOUR_HEIGHT = 40;

export function MonthGrid({ days, entries, month, ...rest }: GridProps & { month: number }) {
  const weekday = useWeekday();
  return (
    <div className="grid min-h-0 flex-1 auto-rows-fr grid-cols-7 overflow-auto" data-testid="calendar-days">
      {days.slice(0, 7).map((d) => (
        <div key={`h${dayKey(d)}`} className="border-b border-gray-200 px-2 py-1 text-xs text-gray-500">
          {weekday(d)}
        </div>
      ))}
      {days.map((d) => (
        <Day key={dayKey(d)} day={dayKey(d)} dim={d.getMonth() !== month} onCreate={rest.onCreate}>
          <span className="pointer-events-none text-xs">{d.getDate()}</span>
          <Chips list={entries.get(dayKey(d))} {...rest} />
        </Day>
      ))}
    </div>
  );
}

/** A week or a day: the all-day row, then 24 hour rows; opened scrolled to the morning. */
export function TimeGrid({ days, entries, ...rest }: GridProps) {
  const { i18n, t } = useTranslation();
  const weekday = useWeekday();
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 8 * HOUR_HEIGHT;
  }, []);
  const hourLabel = (h: number) =>
    new Intl.DateTimeFormat(i18n.language, { hour: 'numeric' }).format(new Date(2000, 0, 1, h));
  const columns = { gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="calendar-days">
      <div className="grid border-b border-gray-200" style={columns}>
        <span />
        {days.map((d) => (
          <div key={`h${dayKey(d)}`} className="px-2 py-1 text-xs text-gray-500">
            {weekday(d)} {d.getDate()}
          </div>
        ))}
        <span className="self-center px-1 text-[10px] text-gray-400">{t('calendar.allDay')}</span>
        {days.map((d) => (
          <Day key={dayKey(d)} day={dayKey(d)} dim={false} onCreate={rest.onCreate} compact>
            <Chips list={entries.get(dayKey(d))?.filter((e) => e.hour === undefined)} {...rest} />
          </Day>
        ))}
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto" data-testid="calendar-hours">
        <div className="grid" style={columns}>
          {Array.from({ length: 24 }, (_, h) => [
            <span
              key={`l${h}`}
              className="px-1 text-end text-[10px] text-gray-400"
              style={{ height: HOUR_HEIGHT }}
            >
              {hourLabel(h)}
            </span>,
            ...days.map((d) => (
              <Slot key={`${dayKey(d)}-${h}`} day={dayKey(d)} hour={h} onCreate={rest.onCreate}>
                <Chips list={entries.get(dayKey(d))?.filter((e) => e.hour === h)} {...rest} />
              </Slot>
            )),
          ])}
        </div>
      </div>
    </div>
  );
}

/** Twelve small months with the number of records on each day; a day opens in the day view. */
export function YearGrid({
  anchor,
  counts,
  onPick,
}: {
  anchor: Date;
  counts: Map<string, number>;
  onPick(day: Date): void;
}) {
  const { i18n } = useTranslation();
  const weekday = useWeekday();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long' });
  return (
    <div className="grid min-h-0 flex-1 grid-cols-4 gap-4 overflow-auto p-3" data-testid="calendar-year">
      {Array.from({ length: 12 }, (_, m) => {
        const first = new Date(anchor.getFullYear(), m, 1, 12);
        const shown = daysShown(first, 'month');
        return (
          <section key={m} data-testid={`year-month-${m + 1}`}>
            <h3 className="mb-1 text-sm font-semibold">{monthName.format(first)}</h3>
            <div className="grid grid-cols-7 gap-px text-center text-[11px]">
              {shown.slice(0, 7).map((d) => (
                <span key={`h${dayKey(d)}`} className="text-gray-400">
                  {weekday(d).slice(0, 2)}
                </span>
              ))}
              {shown.map((d) => {
                if (d.getMonth() !== m) return <span key={dayKey(d)} />;
                const n = counts.get(dayKey(d)) ?? 0;
                return (
                  <button
                    key={dayKey(d)}
                    type="button"
                    className={`rounded py-0.5 ${n ? 'bg-indigo-100 font-semibold text-indigo-900' : 'hover:bg-gray-100'}`}
                    onClick={() => onPick(d)}
                    title={n ? String(n) : undefined}
                    data-testid={`year-day-${dayKey(d)}`}
                    data-count={n}
                  >
                    {d.getDate()}
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function useWeekday() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });
  return (d: Date) => format.format(d);
}

function Day(props: {
  day: string;
  dim: boolean;
  compact?: boolean;
  onCreate(day: string): void;
  children: ReactNode;
}) {
  const drop = useDroppable({ id: `day:${props.day}`, data: { day: props.day } });
  return (
    <div
      ref={drop.setNodeRef}
      className={`flex ${props.compact ? 'min-h-8' : 'min-h-24'} flex-col gap-0.5 border-e border-b border-gray-100 p-1 ${drop.isOver ? 'bg-indigo-50' : ''} ${props.dim ? 'bg-gray-50 text-gray-400' : ''}`}
      onClick={(e) => e.target === e.currentTarget && props.onCreate(props.day)}
      data-testid={`day-${props.day}`}
    >
      {props.children}
    </div>
  );
}

function Slot(props: {
  day: string;
  hour: number;
  onCreate(day: string, hour: number): void;
  children: ReactNode;
}) {
  const drop = useDroppable({
    id: `slot:${props.day}:${props.hour}`,
    data: { day: props.day, hour: props.hour },
  });
  return (
    <div
      ref={drop.setNodeRef}
      className={`flex flex-col gap-0.5 overflow-hidden border-e border-b border-gray-100 p-0.5 ${drop.isOver ? 'bg-indigo-50' : ''}`}
      style={{ height: HOUR_HEIGHT }}
      onClick={(e) => e.target === e.currentTarget && props.onCreate(props.day, props.hour)}
      data-testid={`slot-${props.day}-${String(props.hour).padStart(2, '0')}`}
    >
      {props.children}
    </div>
  );
}

function Chips({
  list,
  canEdit,
  resizable,
  onOpen,
}: {
  list: Entry[] | undefined;
  canEdit: boolean;
  resizable: boolean;
  onOpen(entry: Entry): void;
}) {
  return (
    <>
      {list?.map((e) => (
        <Chip key={e.id} entry={e} disabled={!canEdit} resizable={resizable} onOpen={() => onOpen(e)} />
      ))}
    </>
  );
}

const PART_SHAPE: Record<Entry['part'], string> = {
  single: 'rounded',
  start: 'rounded-s -me-1',
  middle: '-mx-1',
  end: 'rounded-e -ms-1',
};

/** A record's chip; on a range, one of the pieces that together draw it across its days. */
export function Chip({
  entry,
  disabled,
  resizable = false,
  onOpen,
}: {
  entry: Entry;
  disabled: boolean;
  resizable?: boolean;
  onOpen(): void;
}) {
  const { t } = useTranslation();
  const edges = !disabled && resizable;
  const day = entry.id.split('@')[1];
  const drag = useDraggable({ id: `chip:${entry.id}`, data: { row: entry.row, day }, disabled });
  const style = drag.transform
    ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)`, zIndex: 20 }
    : undefined;
  return (
    <div
      ref={drag.setNodeRef}
      style={style}
      {...(disabled ? {} : { ...drag.attributes, ...drag.listeners })}
      onClick={onOpen}
      className={`relative cursor-pointer truncate bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-900 ${PART_SHAPE[entry.part]}`}
      data-testid="calendar-chip"
      data-part={entry.part}
    >
      {edges && (entry.part === 'single' || entry.part === 'start') && (
        <EdgeHandle entry={entry} edge="start" />
      )}
      {entry.label || t('cards.untitled')}
      {edges && (entry.part === 'single' || entry.part === 'end') && <EdgeHandle entry={entry} edge="end" />}
    </div>
  );
}

/**
 * The grip at a range's start (or end) edge: dragged to another day, it moves that end of the range alone. It
 * takes the pointer before the chip does, so the chip itself does not move, and a click on it opens nothing.
 */
function EdgeHandle({ entry, edge }: { entry: Entry; edge: Edge }) {
  const { t } = useTranslation();
  const drag = useDraggable({ id: `${edge}:${entry.id}`, data: { row: entry.row, edge } });
  const onPointerDown = drag.listeners?.onPointerDown as ((e: PointerEvent<HTMLElement>) => void) | undefined;
  return (
    <span
      ref={drag.setNodeRef}
      {...drag.attributes}
      onPointerDown={(e) => {
        e.stopPropagation();
        onPointerDown?.(e);
      }}
      onClick={(e) => e.stopPropagation()}
      className={`absolute inset-y-0 ${edge === 'start' ? 'start-0 rounded-s' : 'end-0 rounded-e'} w-1.5 cursor-ew-resize hover:bg-indigo-400 ${drag.isDragging ? 'bg-indigo-500' : ''}`}
      aria-label={t(edge === 'start' ? 'calendar.resizeStart' : 'calendar.resizeEnd')}
      title={t(edge === 'start' ? 'calendar.resizeStart' : 'calendar.resizeEnd')}
      data-testid={`calendar-chip-${edge}`}
    />
  );
}
