/**
 * /base/{uuid}: a shared base for anyone with the link, read only: its tables in a sidebar and the chosen
 * table's default view in the canvas grid (no editing, no view changes). Paths: /base/{uuid}/{tableId}.
 */
import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { tablesApi } from '../../api/tables';
import { LanguagePicker } from '../../components/LanguagePicker';
import { Logo } from '../../components/Logo';
import { GridView } from '../../views/grid/GridView';
import { PasswordPrompt } from '../shared-view/PasswordPrompt';
import { useSharedBase } from './use-shared-base';

export function SharedBaseArea() {
  const { t } = useTranslation();
  const { baseId: uuid = '', viewId: tableId } = useParams();
  const shared = useSharedBase(uuid, t('sharedView.wrongPassword'));
  const tables = useQuery({
    queryKey: ['shared-base', uuid, 'tables', shared.baseId],
    queryFn: () => tablesApi.list(shared.baseId!),
    enabled: !!shared.baseId,
  });

  if (shared.prompt !== undefined)
    return (
      <div className="p-4">
        <PasswordPrompt
          error={shared.prompt || undefined}
          loading={shared.meta.isFetching}
          onSubmit={shared.setPassword}
        />
      </div>
    );
  if (shared.meta.isError) {
    const gone = shared.meta.error instanceof ApiError && shared.meta.error.status === 404;
    return (
      <Result
        status={gone ? '404' : 'error'}
        title={gone ? t('sharedView.notFound') : errorMessageOf(shared.meta.error)}
        data-testid="shared-base-error"
      />
    );
  }
  if (!shared.baseId || !tables.data) return <Spin className="m-8" />;

  return (
    <div className="flex min-h-screen" data-testid="shared-base">
      <aside
        className="flex w-64 shrink-0 flex-col border-e border-gray-200 bg-gray-50 max-md:w-52"
        data-testid="sidebar"
      >
        <div className="border-b border-gray-200 px-4 py-3">
          <Logo />
        </div>
        <div className="px-4 py-2 text-xs text-gray-500">{t('sharedBase.readOnly')}</div>
        <nav className="min-h-0 flex-1 overflow-y-auto py-1">
          {tables.data.list.map((tb) => (
            <NavLink
              key={tb.id}
              to={`/base/${uuid}/${tb.id}`}
              className={({ isActive }) =>
                `block truncate px-4 py-1.5 text-sm ${isActive ? 'bg-[#4351E8]/10 font-medium text-[#4351E8]' : 'text-gray-800 hover:bg-gray-100'}`
              }
              data-testid={`shared-table-${tb.title}`}
            >
              ▦ {tb.title}
            </NavLink>
          ))}
        </nav>
        <div className="border-t border-gray-200 px-3 py-3">
          <LanguagePicker className="w-full" />
        </div>
      </aside>
      <main className="min-w-0 flex-1">
        {tableId ? (
          <SharedBaseTable key={tableId} uuid={uuid} tableId={tableId} />
        ) : (
          <Empty className="mt-24" description={t('sharedBase.pickTable')} />
        )}
      </main>
    </div>
  );
}

function SharedBaseTable({ uuid, tableId }: { uuid: string; tableId: string }) {
  const table = useQuery({
    queryKey: ['shared-base', uuid, 'table', tableId],
    queryFn: () => tablesApi.read(tableId),
  });
  const views = useQuery({
    queryKey: ['shared-base', uuid, 'views', tableId],
    queryFn: () => tablesApi.views(tableId),
  });
  if (table.error) throw table.error;
  if (!table.data || !views.data) return <Spin className="m-6" />;
  const view = views.data.list.find((v) => v.is_default) ?? views.data.list[0];
  return (
    <div className="flex h-screen flex-col">
      <h1 className="px-4 pt-3 pb-1 text-lg font-semibold" data-testid="table-title">
        {table.data.title}
      </h1>
      <div className="min-h-0 flex-1">
        <GridView table={table.data} viewId={view?.id} readOnly />
      </div>
    </div>
  );
}
