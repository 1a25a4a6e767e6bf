/**
 * One stack of the board: its header (drag handle, colour, title, count, menu), its cards read lazily as it
 * scrolls (only those on screen rendered), and "add a card" at its foot. A
 * collapsed stack is a narrow bar with its title and count.
 */
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Button, type MenuProps } from 'antd';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '../../components/ActionsMenu';
import type { Row } from '../cards/card-data';
import { RecordCard } from '../cards/RecordCard';
import { cardSlot } from '../gallery/gallery-layout';
import { stackRange } from './card-moves';
import { stackId, type Stack } from './kanban-stacks';

const GAP = 8;

export interface StackData {
  rows: Row[];
  total: number;
  loading: boolean;
}

interface Props {
  stack: Stack;
  data: StackData | undefined;
  collapsed: boolean;
  title: ColumnMeta | undefined;
  fields: ColumnMeta[];
  cover?: ColumnMeta;
  rowIdOf(row: Row): unknown;
  menu: MenuProps['items'];
  canEdit: boolean;
  onToggle(): void;
  /** Reads on from the cards read so far, at least up to card `upTo`. */
  onMore(upTo: number): void;
  onOpen(row: Row): void;
  onAdd(): void;
}

export function KanbanStack(props: Props) {
  const { t } = useTranslation();
  const { stack, data, collapsed, canEdit } = props;
  const sortable = useSortable({
    id: stackId(stack.key),
    data: { stack: stack.key },
    // Uncategorized stays first, but takes cards.
    disabled: { draggable: stack.key === null, droppable: false },
  });
  const name = stack.key ?? t('kanban.uncategorized');
  // Blank until the stack's first page arrives: a 0 there would be a wrong count.
  const count = data ? String(data.total) : '';
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };

  if (collapsed)
    return (
      <section
        ref={sortable.setNodeRef}
        style={style}
        className="flex w-10 shrink-0 cursor-pointer flex-col items-center gap-2 rounded-lg bg-gray-100 py-2"
        onClick={props.onToggle}
        data-testid={`stack-${name}`}
        data-collapsed="true"
      >
        <span className="text-xs text-gray-500" data-testid="stack-count">
          {count}
        </span>
        <span className="text-sm font-medium [writing-mode:vertical-rl]">{name}</span>
      </section>
    );

  return (
    <section
      ref={sortable.setNodeRef}
      style={style}
      className={`flex w-72 shrink-0 flex-col rounded-lg bg-gray-100 ${sortable.isOver ? 'ring-2 ring-indigo-300' : ''}`}
      data-testid={`stack-${name}`}
    >
      <header className="flex items-center gap-1 px-2 py-2">
        {canEdit && stack.key !== null && (
          <span
            {...sortable.attributes}
            {...sortable.listeners}
            className="cursor-grab text-gray-400"
            aria-label={t('views.dragHandle', { title: name })}
            data-testid="stack-drag"
          >
            ⠿
          </span>
        )}
        <span
          className="truncate rounded px-2 py-0.5 text-sm font-medium"
          style={{ background: stack.color ?? '#e5e7eb' }}
          data-testid="stack-title"
        >
          {name}
        </span>
        <span className="text-xs text-gray-500" data-testid="stack-count">
          {count}
        </span>
        <span className="flex-1" />
        <Button
          size="small"
          type="text"
          onClick={props.onToggle}
          aria-label={t('kanban.collapse')}
          data-testid="stack-collapse"
        >
          ⇤
        </Button>
        <ActionsMenu items={props.menu ?? []} testId="stack-menu" />
      </header>
      <StackCards {...props} />
      {canEdit && (
        <Button type="text" size="small" className="m-1" onClick={props.onAdd} data-testid="stack-add-card">
          + {t('kanban.addCard')}
        </Button>
      )}
    </section>
  );
}

/**
 * The stack's cards, virtualised: every card is as tall (one line per field), so the list is as high as all of
 * them and only those on screen (and a screen either way) are in the page. Scrolling past the cards read so
 * far reads up to the ones in view.
 */
function StackCards(props: Props) {
  const { data } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ top: 0, height: 600 });
  const slot = cardSlot(props.fields.length, !!props.cover, GAP);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setBox({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const total = Math.max(data?.total ?? 0, data?.rows.length ?? 0);
  const range = stackRange(slot, box.top, box.height, total);
  const read = data?.rows.length ?? 0;
  const { onMore } = props;
  useEffect(() => {
    if (data && !data.loading && range.to > read && read < data.total) onMore(range.to);
  }, [data, range.to, read, onMore]);
  const cards = [];
  for (let i = range.from; i < range.to; i++) {
    const row = data?.rows[i];
    const top = i * slot;
    cards.push(
      row ? (
        <DraggableCard key={String(props.rowIdOf(row))} {...props} row={row} top={top} height={slot - GAP} />
      ) : (
        <div
          key={`slot:${i}`}
          className="absolute inset-x-0 rounded-lg border border-gray-200 bg-gray-50"
          style={{ top, height: slot - GAP }}
          data-testid="card-placeholder"
        />
      ),
    );
  }
  return (
    <div
      ref={scroller}
      className="min-h-16 flex-1 overflow-y-auto px-2 pb-2"
      onScroll={(e) => {
        // Rendered again only when another card comes into reach, not on every scrolled pixel.
        const top = Math.floor(e.currentTarget.scrollTop / slot) * slot;
        setBox((b) => (b.top === top ? b : { ...b, top }));
      }}
      data-testid="stack-cards"
    >
      <div className="relative" style={{ height: total * slot }}>
        {cards}
      </div>
      {data?.loading && <div className="py-2 text-center text-xs text-gray-400">…</div>}
    </div>
  );
}

const DraggableCard = memo(function DraggableCard({
  row,
  top,
  height,
  stack,
  title,
  fields,
  cover,
  rowIdOf,
  onOpen,
  canEdit,
}: Props & { row: Row; top: number; height: number }) {
  const id = String(rowIdOf(row));
  const data = { stack: stack.key, row, card: id };
  const drag = useDraggable({ id: `card:${id}`, data, disabled: !canEdit });
  // A card is also where another lands: dropped on it, the other takes its place.
  const drop = useDroppable({ id: `card:${id}`, data, disabled: !canEdit });
  return (
    <div
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      // A card that cannot move is not announced as a draggable button (only its title opens it).
      {...(canEdit ? { ...drag.attributes, ...drag.listeners } : {})}
      className={`absolute inset-x-0 rounded-lg ${drag.isDragging ? 'opacity-40' : ''} ${
        drop.isOver && !drag.isDragging ? 'ring-2 ring-indigo-400' : ''
      }`}
      style={{ top, height }}
      data-row-id={id}
    >
      <RecordCard
        row={row}
        title={title}
        fields={fields}
        cover={cover}
        className="h-full"
        onClick={() => onOpen(row)}
      />
    </div>
  );
});
