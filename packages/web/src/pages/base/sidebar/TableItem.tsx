/** One table in the sidebar with its views (when open) and its menu: rename, move up/down, duplicate, delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableMeta } from '@rowbase/core/api/meta';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import { tablesApi, tablesKey, viewsKey } from '../../../api/tables';
import { tablePath } from '../../../app/nav-paths';
import { usePermissions } from '../../../app/use-permissions';
import { ActionsMenu, confirmDelete, menuItems } from '../../../components/ActionsMenu';
import { TitleModal } from '../../../components/TitleModal';
import { followJob } from '../../../jobs/running-jobs';
import { SIDEBAR_ICONS } from './sidebar-items';
import { TABLE_COPY_JOB, useTableCopyOutcome } from './table-copy-jobs';
import { ViewList } from './ViewList';

interface Props {
  table: TableMeta;
  tables: TableMeta[];
  index: number;
  baseId: string;
}

export function TableItem({ table, tables, index, baseId }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { typeOrId = 'nc', viewId: openTableId } = useParams();
  const navigate = useNavigate();
  const { allowed } = usePermissions(baseId);
  const [renaming, setRenaming] = useState(false);
  const open = openTableId === table.id;
  const views = useQuery({
    queryKey: viewsKey(table.id),
    queryFn: () => tablesApi.views(table.id),
    enabled: open,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: tablesKey(baseId) });
  const copyOutcome = useTableCopyOutcome(baseId);

  const rename = useMutation({
    mutationFn: (title: string) => tablesApi.update(table.id, { title }),
    onSuccess: () => {
      setRenaming(false);
      void refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: (order: number) => tablesApi.reorder(table.id, order),
    onSuccess: () => void refresh(),
  });
  // The copy is made by a job: the sidebar shows its progress, and the copy once the job completes.
  const duplicate = useMutation({
    mutationFn: () => tablesApi.duplicate(baseId, table.id),
    onSuccess: (job) => followJob({ id: job.id, kind: TABLE_COPY_JOB, baseId, title: job.name }, copyOutcome),
  });
  const remove = useMutation({
    mutationFn: () => tablesApi.delete(table.id),
    onSuccess: () => void refresh(),
  });

  /** The order between the neighbours, so one call moves the table one place. */
  const orderAt = (target: number) => {
    const neighbour = tables[target];
    const beyond = tables[target + (target < index ? -1 : 1)];
    const a = neighbour?.order ?? target + 1;
    const b = beyond?.order ?? (target < index ? a - 1 : a + 1);
    return (a + b) / 2;
  };

  const items = menuItems([
    allowed('tableRename') && { key: 'rename', label: t('action.rename'), onClick: () => setRenaming(true) },
    allowed('tableSort') &&
      index > 0 && {
        key: 'up',
        label: t('action.moveUp'),
        onClick: () => reorder.mutate(orderAt(index - 1)),
      },
    allowed('tableSort') &&
      index < tables.length - 1 && {
        key: 'down',
        label: t('action.moveDown'),
        onClick: () => reorder.mutate(orderAt(index + 1)),
      },
    {
      key: 'erd',
      label: t('tools.erd'),
      onClick: () => navigate(`/${typeOrId}/${baseId}/erd/${table.source_id}?table=${table.id}`),
    },
    allowed('tableDuplicate') && {
      key: 'duplicate',
      label: t('action.duplicate'),
      onClick: () => duplicate.mutate(),
    },
    allowed('tableDelete') && {
      key: 'delete',
      danger: true,
      label: t('action.delete'),
      onClick: () =>
        confirmDelete(t, t('table.deleteConfirm', { title: table.title }), () => remove.mutateAsync()),
    },
  ]);

  return (
    <li>
      <div className="group flex items-center">
        <NavLink
          to={tablePath(baseId, table.id)}
          className={`flex min-w-0 flex-1 items-center gap-2 truncate rounded px-2 py-1 text-sm ${open ? 'bg-indigo-50 text-indigo-700' : 'text-gray-800 hover:bg-gray-200'}`}
          data-testid={`table-${table.title}`}
        >
          {SIDEBAR_ICONS.table} <span className="truncate">{table.title}</span>
        </NavLink>
        <ActionsMenu items={items} faint />
      </div>
      {open && views.data && <ViewList table={table} baseId={baseId} views={views.data.list} />}
      <TitleModal
        open={renaming}
        title={t('table.renameTitle')}
        initial={table.title}
        pending={rename.isPending}
        onCancel={() => setRenaming(false)}
        onSubmit={(title) => rename.mutate(title)}
      />
    </li>
  );
}
