/**
 * One view in the sidebar: a drag handle, its type icon and title (a lock or person mark when it is locked or
 * personal), and its menu: rename, duplicate, set as default, lock mode, delete (after a confirmation).
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import { useMe } from '../../../api/auth';
import { viewsApi } from '../../../api/views';
import { tablePath } from '../../../app/nav-paths';
import { ActionsMenu, confirmDelete, menuItems } from '../../../components/ActionsMenu';
import { TitleModal } from '../../../components/TitleModal';
import {
  LOCK_ICONS,
  LOCK_TYPES,
  viewTypeInfo,
  type LockType,
  type ViewTypeInfo,
} from '../../../views/view-types';

interface Props {
  view: ViewMeta;
  table: TableMeta;
  baseId: string;
  canEdit: boolean;
  onDuplicate(type: ViewTypeInfo): void;
  onChanged(): Promise<unknown>;
}

export function ViewItem({ view, table, baseId, canEdit, onDuplicate, onChanged }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewTitle: openViewId } = useParams();
  const me = useMe(baseId).data;
  const [renaming, setRenaming] = useState(false);
  const type = viewTypeInfo(view.type);
  const sortable = useSortable({ id: view.id, disabled: !canEdit });
  const open = openViewId === view.id || (!openViewId && view.is_default);
  // Someone else's personal view: shown and usable, but only its owner changes it.
  const othersPersonal = view.lock_type === 'personal' && !!view.owned_by && view.owned_by !== me?.id;

  const update = useMutation({
    mutationFn: (body: Parameters<typeof viewsApi.update>[1]) => viewsApi.update(view.id, body),
    onSuccess: async () => {
      setRenaming(false);
      await onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => viewsApi.delete(view.id),
    onSuccess: async () => {
      await onChanged();
      if (open) navigate(tablePath(baseId, table.id));
    },
  });

  const items = canEdit
    ? menuItems([
        !othersPersonal && { key: 'rename', label: t('action.rename'), onClick: () => setRenaming(true) },
        { key: 'duplicate', label: t('action.duplicate'), onClick: () => onDuplicate(type) },
        !view.is_default && {
          key: 'default',
          label: t('views.setDefault'),
          onClick: () => update.mutate({ is_default: true }),
        },
        !othersPersonal && {
          key: 'lock',
          label: t('views.lock.title'),
          children: LOCK_TYPES.map((mode: LockType) => ({
            key: `lock-${mode}`,
            label: (
              <span data-testid={`view-lock-${mode}`}>
                {view.lock_type === mode ? '✓ ' : ''}
                {t(`views.lock.${mode}`)}
              </span>
            ),
            onClick: () => update.mutate({ lock_type: mode }),
          })),
        },
        !view.is_default &&
          !othersPersonal && {
            key: 'delete',
            danger: true,
            label: t('action.delete'),
            onClick: () =>
              confirmDelete(t, t('views.deleteConfirm', { title: view.title }), () => remove.mutateAsync()),
          },
      ])
    : [];

  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={`group flex items-center ${sortable.isDragging ? 'opacity-60' : ''}`}
      data-testid={`view-${view.title}`}
    >
      {canEdit && (
        <span
          {...sortable.attributes}
          {...sortable.listeners}
          className="cursor-grab px-0.5 text-xs text-gray-400 opacity-0 group-hover:opacity-100 focus:opacity-100"
          aria-label={t('views.dragHandle', { title: view.title })}
          data-testid="view-drag"
        >
          ⠿
        </span>
      )}
      <NavLink
        to={tablePath(baseId, table.id, view.id)}
        className={`flex min-w-0 flex-1 items-center gap-1 truncate rounded px-1 py-0.5 text-xs ${open ? 'bg-indigo-50 text-indigo-700' : 'text-gray-600 hover:bg-gray-200'}`}
        title={t(`views.type.${type.key}`)}
      >
        <span aria-hidden>{type.icon}</span>
        <span className="truncate" data-testid="view-title">
          {view.title}
        </span>
        {view.is_default && <span className="text-[10px] text-gray-400">{t('views.default')}</span>}
        {LOCK_ICONS[view.lock_type] && (
          <span aria-label={t(`views.lock.${view.lock_type}`)} data-testid="view-lock-mark">
            {LOCK_ICONS[view.lock_type]}
          </span>
        )}
      </NavLink>
      <ActionsMenu items={items} testId="view-menu" faint />
      <TitleModal
        open={renaming}
        title={t('views.renameTitle')}
        initial={view.title}
        pending={update.isPending}
        onCancel={() => setRenaming(false)}
        onSubmit={(title) => update.mutate({ title })}
      />
    </li>
  );
}
