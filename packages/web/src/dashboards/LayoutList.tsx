/**
 * The layouts of a dashboard base in its sidebar (item kind `layout`): open, add, rename, reorder, duplicate and
 * delete per role.
 */
import type { BaseMeta } from '@rowbase/core/api/meta';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { orderBetween } from '../api/views';
import { usePermissions } from '../app/use-permissions';
import { ActionsMenu, confirmDelete, menuItems } from '../components/ActionsMenu';
import { TitleModal } from '../components/TitleModal';
import { SIDEBAR_ICONS } from '../pages/base/sidebar/sidebar-items';
import { dashboardsApi, layoutsKey } from './dashboards-api';
import type { LayoutMeta } from '@rowbase/core/api/dashboards';

export function LayoutList({
  base,
  home,
  itemClass,
}: {
  base: BaseMeta;
  home: string;
  itemClass: (s: { isActive: boolean }) => string;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { allowed } = usePermissions(base.id);
  const layouts = useQuery({ queryKey: layoutsKey(base.id), queryFn: () => dashboardsApi.layouts(base.id) });
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<LayoutMeta | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: layoutsKey(base.id) });
  const create = useMutation({
    mutationFn: (title: string) => dashboardsApi.createLayout(base.id, title),
    onSuccess: (layout) => {
      setCreating(false);
      refresh();
      navigate(`${home}/layout/${layout.id}`);
    },
  });
  const rename = useMutation({
    mutationFn: (v: { id: string; title: string }) => dashboardsApi.updateLayout(v.id, { title: v.title }),
    onSuccess: () => {
      setRenaming(null);
      refresh();
      void qc.invalidateQueries({ queryKey: ['layout'] });
    },
  });
  const reorder = useMutation({
    mutationFn: (v: { id: string; order: number }) => dashboardsApi.updateLayout(v.id, { order: v.order }),
    onSuccess: refresh,
  });
  const duplicate = useMutation({
    mutationFn: dashboardsApi.duplicateLayout,
    onSuccess: (copy) => {
      refresh();
      navigate(`${home}/layout/${copy.id}`);
    },
  });
  const remove = useMutation({
    mutationFn: dashboardsApi.deleteLayout,
    onSuccess: () => {
      refresh();
      navigate(home);
    },
  });
  const list = layouts.data?.list ?? [];
  return (
    <>
      <div className="mt-3 flex items-center justify-between px-2 text-xs font-semibold uppercase text-gray-500">
        <span>{t('dashboard.layouts')}</span>
        {allowed('layoutRename') && (
          <Button
            size="small"
            type="text"
            onClick={() => setCreating(true)}
            aria-label={t('dashboard.createLayout')}
            data-testid="create-layout"
          >
            +
          </Button>
        )}
      </div>
      <ul data-testid="layout-list">
        {list.map((l, index) => {
          const items = menuItems([
            allowed('layoutRename') && { key: 'rename', label: t('dashboard.renameLayout') },
            allowed('layoutRename') && { key: 'duplicate', label: t('action.duplicate') },
            allowed('layoutRename') && index > 0 && { key: 'up', label: t('action.moveUp') },
            allowed('layoutRename') &&
              index < list.length - 1 && { key: 'down', label: t('action.moveDown') },
            allowed('layoutDelete') && { key: 'delete', label: t('dashboard.deleteLayout'), danger: true },
          ]);
          return (
            <li key={l.id} className="group flex items-center">
              <NavLink to={`${home}/layout/${l.id}`} className={(s) => `${itemClass(s)} flex-1`}>
                {SIDEBAR_ICONS.layout} {l.title}
              </NavLink>
              <ActionsMenu
                items={items}
                label={t('dashboard.layoutMenu')}
                testId="layout-menu"
                onClick={({ key }) => {
                  if (key === 'rename') setRenaming(l);
                  else if (key === 'duplicate') duplicate.mutate(l.id);
                  else if (key === 'up' || key === 'down') {
                    // Between the two neighbours on the other side (docs/dashboards.md: layouts keep their order).
                    const order =
                      key === 'up'
                        ? orderBetween(list[index - 2]?.order, list[index - 1]!.order)
                        : orderBetween(list[index + 1]!.order, list[index + 2]?.order);
                    reorder.mutate({ id: l.id, order });
                  } else
                    confirmDelete(t, t('dashboard.deleteLayoutConfirm', { title: l.title }), () =>
                      remove.mutateAsync(l.id),
                    );
                }}
              />
            </li>
          );
        })}
      </ul>
      <TitleModal
        open={creating}
        title={t('dashboard.createLayout')}
        okText={t('action.create')}
        pending={create.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(title) => create.mutate(title)}
      />
      <TitleModal
        open={renaming !== null}
        title={t('dashboard.renameLayout')}
        okText={t('action.save')}
        initial={renaming?.title}
        pending={rename.isPending}
        onCancel={() => setRenaming(null)}
        onSubmit={(title) => renaming && rename.mutate({ id: renaming.id, title })}
      />
    </>
  );
}
