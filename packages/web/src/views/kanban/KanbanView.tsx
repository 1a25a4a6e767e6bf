/**
 * The kanban board: a stack per option of the view's SingleSelect field (and Uncategorized). Dragging a card
 * to another stack saves the field, and its place within the stack is kept per view; dragging a stack by its
 * handle reorders the field's options; stacks are
 * added, renamed, recoloured (all editing the options) and collapsed (kept in the view's meta). Each stack
 * reads its own cards, a page at a time.
 */
import { kindOf } from '@rowbase/core/fields/traits';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { Select } from '../../components/still-pickers';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { viewsKey } from '../../api/tables';
import { viewsApi } from '../../api/views';
import { usePermissions } from '../../app/use-permissions';
import { TitleModal } from '../../components/TitleModal';
import { TAG_COLORS } from '../../fields/paint';
import { CardRecord } from '../cards/CardRecord';
import { CardToolbar } from '../cards/CardToolbar';
import {
  appSource,
  cardApi,
  cardFields,
  displayColumn,
  rowIdOf,
  sharedViewColumns,
  type CardSource,
  type Row,
} from '../cards/card-data';
import { RecordCard } from '../cards/RecordCard';
import { planDrop } from './card-moves';
import {
  cardOrderApi,
  nextColour,
  optionsOf,
  saveOptions,
  stackId,
  stackWhere,
  stacksOf,
  type Stack,
} from './kanban-stacks';
import { KanbanStack, type StackData } from './KanbanStack';

interface Props {
  table: TableMeta;
  view: ViewMeta & { view?: Record<string, unknown> };
  onFieldsChanged(): void;
  /** A shared page's rows; the app reads the view's data API. */
  source?: CardSource;
  /** Only looking (a shared page): no dragging, adding or settings; collapsing is not saved. */
  readOnly?: boolean;
}

/**
 * Where a drag is over: a card goes onto the card under the pointer, else the stack under it, else the
 * nearest stack; a stack only ever onto another stack.
 */
const collide: CollisionDetection = (args) => {
  const stacksOnly = {
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => String(c.id).startsWith('stack:')),
  };
  if (!String(args.active.id).startsWith('card:')) return closestCorners(stacksOnly);
  const within = pointerWithin(args);
  const onCard = within.filter((c) => String(c.id).startsWith('card:'));
  if (onCard.length) return onCard;
  return within.length ? within : closestCorners(stacksOnly);
};

const PAGE = 25;
const MAX_PAGE = 500;
const keyOf = (key: string | null) => key ?? '';

export function KanbanView({ table, view, onFieldsChanged, source: given, readOnly = false }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { allowed } = usePermissions(table.base_id);
  const canEdit = !readOnly && allowed('dataEdit');
  const canEditField = !readOnly && allowed('fieldEdit');
  const source = useMemo(() => given ?? appSource(table, view.id), [given, table, view.id]);
  const columns = useQuery({
    queryKey: ['view-columns', view.id],
    queryFn: () => cardApi.viewColumns(view.id),
    enabled: !readOnly,
  });
  const viewColumns = useMemo(
    () => (readOnly ? sharedViewColumns(table) : columns.data),
    [readOnly, table, columns.data],
  );
  const [localCollapsed, setLocalCollapsed] = useState<string[]>([]);
  const groupId = view.view?.fk_grp_col_id as string | null | undefined;
  const group = (table.columns ?? []).find((c) => c.id === groupId);
  const coverId = view.view?.fk_cover_image_col_id as string | null | undefined;
  const cover = (table.columns ?? []).find((c) => c.id === coverId);
  const stacks = useMemo(() => (group ? stacksOf(group) : []), [group]);
  const [data, setData] = useState<Record<string, StackData>>({});
  const dataRef = useRef(data);
  dataRef.current = data;
  const [search, setSearch] = useState<string>();
  const [opened, setOpened] = useState<{ id: unknown; row: Row }>();
  const [dragging, setDragging] = useState<Row>();
  const [editing, setEditing] = useState<{ stack?: Stack }>();
  const collapsed = new Set(
    readOnly ? localCollapsed : Array.isArray(view.meta?.collapsed) ? (view.meta.collapsed as string[]) : [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const title = displayColumn(table);
  const fields = useMemo(
    () => cardFields(table, viewColumns ?? [], [groupId, coverId]),
    [table, viewColumns, groupId, coverId],
  );
  const idOf = useCallback((row: Row) => rowIdOf(table, row), [table]);

  /**
   * Reads a stack's next page (or its first, `fresh`, with its count); `upTo` reads on at least to that card
   * in one request (a long stack scrolled far down), at most MAX_PAGE at a time.
   */
  const load = useCallback(
    async (key: string | null, fresh: boolean, upTo = 0) => {
      if (!group) return;
      const k = keyOf(key);
      const now = dataRef.current[k];
      if (!fresh && (!now || now.loading || now.rows.length >= now.total)) return;
      setData((d) => ({
        ...d,
        [k]: { rows: fresh ? [] : (d[k]?.rows ?? []), total: d[k]?.total ?? 0, loading: true },
      }));
      const where = stackWhere(group, key, search);
      try {
        const offset = fresh ? 0 : now!.rows.length;
        const limit = Math.min(MAX_PAGE, Math.max(PAGE, upTo - offset));
        const [page, total] = await Promise.all([
          source.rows({ where, offset, limit }),
          fresh ? source.count(where) : Promise.resolve(now!.total),
        ]);
        setData((d) => ({
          ...d,
          [k]: { rows: [...(fresh ? [] : (d[k]?.rows ?? [])), ...page.list], total, loading: false },
        }));
      } catch (e) {
        notifyError(e);
        setData((d) => ({ ...d, [k]: { rows: d[k]?.rows ?? [], total: d[k]?.total ?? 0, loading: false } }));
      }
    },
    [group, search, source],
  );
  const stackKeys = stacks.map((s) => keyOf(s.key)).join('\u0000');
  const reloadAll = useCallback(() => {
    for (const s of stacks) void load(s.key, true);
    // stackKeys stands for stacks: reload when the options change, not on every render of the table.
  }, [stackKeys, load]);
  useEffect(reloadAll, [reloadAll]);

  const refreshViews = () => qc.invalidateQueries({ queryKey: viewsKey(table.id) });
  const setMeta = async (meta: Record<string, unknown>) => {
    try {
      await viewsApi.update(view.id, { meta });
      await refreshViews();
    } catch (e) {
      notifyError(e);
    }
  };
  const toggle = (key: string | null) => {
    const next = new Set(collapsed);
    if (next.has(keyOf(key))) next.delete(keyOf(key));
    else next.add(keyOf(key));
    if (readOnly) setLocalCollapsed([...next]);
    else void setMeta({ collapsed: [...next] });
  };

  const changeOptions = async (options: NonNullable<Stack['option']>[]) => {
    if (!group) return;
    try {
      await saveOptions(group, options);
      onFieldsChanged();
    } catch (e) {
      notifyError(e);
    }
  };

  /**
   * Moves a card within its stack or into another (docs/views.md "Kanban card order"): shown there at once,
   * the field saved when the stack changes, then the stack's cards up to it saved as the view's order; both
   * stacks are read again if either save is refused.
   */
  const moveCard = async (row: Row, from: string | null, to: string | null, over?: string) => {
    if (!group) return;
    const fromData = dataRef.current[keyOf(from)];
    const target = dataRef.current[keyOf(to)];
    if (!fromData || !target) return;
    const id = String(idOf(row));
    const plan = planDrop({
      fromRows: fromData.rows,
      toRows: target.rows,
      sameStack: from === to,
      card: id,
      over,
      toComplete: target.rows.length >= target.total,
      idOf: (r) => String(idOf(r)),
    });
    if (!plan) return;
    const moved = (r: Row) => (String(idOf(r)) === id ? { ...r, [group.title]: to } : r);
    setData((d) =>
      from === to
        ? { ...d, [keyOf(to)]: { ...d[keyOf(to)]!, rows: plan.to } }
        : {
            ...d,
            [keyOf(from)]: { ...d[keyOf(from)]!, rows: plan.from, total: d[keyOf(from)]!.total - 1 },
            [keyOf(to)]: { ...d[keyOf(to)]!, rows: plan.to.map(moved), total: d[keyOf(to)]!.total + 1 },
          },
    );
    try {
      if (from !== to) await cardApi.update(table, idOf(row), { [group.title]: to });
      await cardOrderApi.save(view.id, plan.placed);
    } catch (e) {
      notifyError(e);
      void load(from, true);
      if (from !== to) void load(to, true);
    }
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const row = active.data.current?.row as Row | undefined;
    if (row) setDragging(row);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(undefined);
    if (!over || !group) return;
    const from = active.data.current?.stack as string | null;
    const to = (over.data.current?.stack ?? null) as string | null;
    if (String(active.id).startsWith('card:')) {
      const onCard = over.data.current?.card as string | undefined;
      void moveCard(active.data.current!.row as Row, from, to, onCard);
      return;
    }
    const options = optionsOf(group);
    const a = options.findIndex((o) => o.title === from);
    const b = options.findIndex((o) => o.title === to);
    if (a < 0 || b < 0 || a === b) return;
    void changeOptions(arrayMove(options, a, b));
  };

  const addCard = async (key: string | null) => {
    if (!group) return;
    try {
      const row = await cardApi.insert(table, { [group.title]: key });
      // A new card is first in its stack, there too after a reload.
      await cardOrderApi.save(view.id, [String(idOf(row))]);
      setData((d) => ({
        ...d,
        [keyOf(key)]: {
          ...d[keyOf(key)]!,
          rows: [row, ...(d[keyOf(key)]?.rows ?? [])],
          total: (d[keyOf(key)]?.total ?? 0) + 1,
        },
      }));
      setOpened({ id: idOf(row), row });
    } catch (e) {
      notifyError(e);
    }
  };

  const stackMenu = (stack: Stack) =>
    stack.option && canEditField
      ? [
          { key: 'rename', label: t('action.rename'), onClick: () => setEditing({ stack }) },
          {
            key: 'colour',
            label: t('kanban.colour'),
            children: TAG_COLORS.map((c) => ({
              key: c,
              label: <span className="inline-block h-3 w-12 rounded" style={{ background: c }} />,
              onClick: () =>
                void changeOptions(
                  optionsOf(group!).map((o) => (o.title === stack.key ? { ...o, color: c } : o)),
                ),
            })),
          },
        ]
      : [];

  if (!viewColumns) return <Spin className="m-6" />;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="kanban">
      <CardToolbar
        table={table}
        viewId={view.id}
        readOnly={readOnly}
        viewColumns={viewColumns}
        onRowsChanged={reloadAll}
        // Rows carry only the fields the view shows: a newly shown one needs them read again.
        onColumnsChanged={() => void columns.refetch().then(reloadAll)}
        onSearch={setSearch}
      >
        {!readOnly && (
          <Select
            size="small"
            className="w-44"
            placeholder={t('views.builtOn.kanban')}
            value={group?.id}
            options={(table.columns ?? [])
              .filter((c) => kindOf(c.uidt) === 'select')
              .map((c) => ({ value: c.id, label: `${t('views.builtOn.kanban')}: ${c.title}` }))}
            onChange={(id: string) =>
              void viewsApi
                .updateSettings('kanbans', view.id, { fk_grp_col_id: id })
                .then(refreshViews, notifyError)
            }
            data-testid="kanban-group-field"
          />
        )}
      </CardToolbar>
      {!group ? (
        <p className="m-6 text-gray-500" data-testid="kanban-no-field">
          {t('kanban.noField')}
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collide}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(undefined)}
        >
          <div className="relative min-h-0 flex-1">
            <div className="absolute inset-0 flex gap-3 overflow-x-auto p-3" data-testid="kanban-board">
              <SortableContext
                items={stacks.map((s) => stackId(s.key))}
                strategy={horizontalListSortingStrategy}
              >
                {stacks.map((s) => (
                  <KanbanStack
                    key={stackId(s.key)}
                    stack={s}
                    data={data[keyOf(s.key)]}
                    collapsed={collapsed.has(keyOf(s.key))}
                    title={title}
                    fields={fields}
                    cover={cover}
                    rowIdOf={idOf}
                    menu={stackMenu(s)}
                    canEdit={canEdit}
                    onToggle={() => toggle(s.key)}
                    onMore={(upTo) => void load(s.key, false, upTo)}
                    onOpen={(row) => setOpened({ id: idOf(row), row })}
                    onAdd={() => void addCard(s.key)}
                  />
                ))}
              </SortableContext>
              {canEditField && (
                <Button className="shrink-0" onClick={() => setEditing({})} data-testid="kanban-add-stack">
                  + {t('kanban.addStack')}
                </Button>
              )}
            </div>
          </div>
          <DragOverlay>
            {dragging && (
              <RecordCard
                row={dragging}
                title={title}
                fields={fields}
                cover={cover}
                className="w-64 rotate-2"
              />
            )}
          </DragOverlay>
        </DndContext>
      )}
      {editing && group && (
        <TitleModal
          open
          title={editing.stack ? t('kanban.renameStack') : t('kanban.addStack')}
          initial={editing.stack?.key ?? ''}
          onCancel={() => setEditing(undefined)}
          onSubmit={(name) => {
            const options = optionsOf(group);
            setEditing(undefined);
            void changeOptions(
              editing.stack
                ? options.map((o) => (o.title === editing.stack!.key ? { ...o, title: name } : o))
                : [...options, { title: name, color: nextColour(options) }],
            );
          }}
        />
      )}
      {opened !== undefined && (
        <CardRecord
          table={table}
          rowId={opened.id}
          row={readOnly ? opened.row : undefined}
          onClose={() => setOpened(undefined)}
          onSaved={() => reloadAll()}
        />
      )}
    </div>
  );
}
