/**
 * A table's views in the sidebar: each with its type icon and menu, reordered by dragging (or by keyboard:
 * focus the handle, Space, arrows, Space), and a "new view" menu offering every view type.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { Dropdown } from '../../../components/still-popups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { viewsKey } from '../../../api/tables';
import { orderBetween, viewsApi } from '../../../api/views';
import { tablePath } from '../../../app/nav-paths';
import { usePermissions } from '../../../app/use-permissions';
import { VIEW_TYPES, type ViewTypeInfo } from '../../../views/view-types';
import { CreateViewModal } from './CreateViewModal';
import { ViewItem } from './ViewItem';

interface Props {
  table: TableMeta;
  baseId: string;
  views: ViewMeta[];
}

/** What the create dialog is asked for: a new view of a type, maybe copying another view's settings. */
export interface CreateRequest {
  type: ViewTypeInfo;
  copyFrom?: ViewMeta;
}

export function ViewList({ table, baseId, views }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { allowed } = usePermissions(baseId);
  const canEdit = allowed('viewCreateOrEdit');
  const [creating, setCreating] = useState<CreateRequest>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const refresh = () => qc.invalidateQueries({ queryKey: viewsKey(table.id) });

  const move = useMutation({
    mutationFn: ({ id, order }: { id: string; order: number }) => viewsApi.update(id, { order }),
    onSettled: () => void refresh(),
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = views.findIndex((v) => v.id === active.id);
    const to = views.findIndex((v) => v.id === over.id);
    const next = arrayMove(views, from, to);
    const order = orderBetween(next[to - 1]?.order, next[to + 1]?.order);
    // Shown at once; the list is read again when the server has it.
    qc.setQueryData(viewsKey(table.id), (old: { list: ViewMeta[] } | undefined) =>
      old ? { ...old, list: next.map((v) => (v.id === active.id ? { ...v, order } : v)) } : old,
    );
    move.mutate({ id: String(active.id), order });
  };

  return (
    <div className="ms-4" data-testid={`views-of-${table.title}`}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={views.map((v) => v.id)} strategy={verticalListSortingStrategy}>
          <ul data-testid="view-list">
            {views.map((v) => (
              <ViewItem
                key={v.id}
                view={v}
                table={table}
                baseId={baseId}
                canEdit={canEdit}
                onDuplicate={(type) => setCreating({ type, copyFrom: v })}
                onChanged={refresh}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {canEdit && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: VIEW_TYPES.map((type) => ({
              key: type.key,
              label: (
                <span data-testid={`create-view-${type.key}`}>
                  {type.icon} {t(`views.type.${type.key}`)}
                </span>
              ),
              onClick: () => setCreating({ type }),
            })),
          }}
        >
          <Button size="small" type="text" className="text-xs text-gray-500" data-testid="create-view">
            + {t('views.create')}
          </Button>
        </Dropdown>
      )}
      {creating && (
        <CreateViewModal
          table={table}
          views={views}
          request={creating}
          onClose={() => setCreating(undefined)}
          onCreated={(view) => {
            setCreating(undefined);
            void refresh();
            navigate(tablePath(baseId, table.id, view.id));
          }}
        />
      )}
    </div>
  );
}
