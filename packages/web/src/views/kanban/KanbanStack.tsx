/**
 * One stack of the board: its header (drag handle, colour, title, count, menu), its cards read lazily as it
 * scrolls (each card skipped by the browser's layout while off screen), and "add a card" at its foot. A
 * collapsed stack is a narrow bar with its title and count.
 */
import { useDraggable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Button, Dropdown, type MenuProps } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../cards/card-data';
import { RecordCard } from '../cards/RecordCard';
import { stackId, type Stack } from './kanban-stacks';

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
  onMore(): void;
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
  const count = data?.total ?? 0;
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
        {(props.menu?.length ?? 0) > 0 && (
          <Dropdown trigger={['click']} menu={{ items: props.menu }}>
            <Button size="small" type="text" aria-label={t('label.actions')} data-testid="stack-menu">
              ⋯
            </Button>
          </Dropdown>
        )}
      </header>
      <div
        className="flex min-h-16 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight > el.scrollHeight - 300) props.onMore();
        }}
        data-testid="stack-cards"
      >
        {data?.rows.map((row) => (
          <DraggableCard key={String(props.rowIdOf(row))} {...props} row={row} />
        ))}
        {data?.loading && <div className="py-2 text-center text-xs text-gray-400">…</div>}
      </div>
      {canEdit && (
        <Button type="text" size="small" className="m-1" onClick={props.onAdd} data-testid="stack-add-card">
          + {t('kanban.addCard')}
        </Button>
      )}
    </section>
  );
}

const DraggableCard = memo(function DraggableCard({
  row,
  stack,
  title,
  fields,
  cover,
  rowIdOf,
  onOpen,
  canEdit,
}: Props & { row: Row }) {
  const id = String(rowIdOf(row));
  const drag = useDraggable({ id: `card:${id}`, data: { stack: stack.key, row }, disabled: !canEdit });
  return (
    <div
      ref={drag.setNodeRef}
      // A card that cannot move is not announced as a draggable button (only its title opens it).
      {...(canEdit ? { ...drag.attributes, ...drag.listeners } : {})}
      className={drag.isDragging ? 'opacity-40' : ''}
      // Off-screen cards cost no layout or paint: a stack of thousands scrolls as one of dozens.
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 96px' }}
      data-row-id={id}
    >
      <RecordCard row={row} title={title} fields={fields} cover={cover} onClick={() => onOpen(row)} />
    </div>
  );
});
