/** The signed-in home (workspace index): who is signed in, and the bases with create/rename/duplicate/delete. */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMe } from '../../api/auth';
import { basesApi, basesKey } from '../../api/bases';
import { basePath } from '../../app/nav-paths';
import { usePermissions } from '../../app/use-permissions';
import { SidebarFrame } from '../../components/SidebarFrame';
import { BaseActions } from './BaseActions';
import { useRestoredBaseCopies } from './base-copy-jobs';
import { BaseCopyProgress } from './BaseCopyProgress';
import { CreateBaseModal } from './CreateBaseModal';

const KIND_ICONS: Record<string, string> = {
  database: '▦',
  documentation: '☰',
  cowriter: '✎',
  dashboard: '◫',
};

export function WorkspacePage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const { allowed } = usePermissions();
  const bases = useQuery({ queryKey: basesKey, queryFn: basesApi.list });
  const [creating, setCreating] = useState(false);
  const list = bases.data?.list ?? [];
  useRestoredBaseCopies(list.map((b) => b.id));

  const sidebar = (
    <nav className="flex flex-col gap-0.5 px-2" aria-label={t('nav.bases')}>
      <div className="px-2 pb-1 text-xs font-semibold uppercase text-gray-500">{t('nav.bases')}</div>
      {list.map((b) => (
        <Link
          key={b.id}
          to={basePath(b.id, b.fk_workspace_id)}
          className="truncate rounded px-2 py-1 text-sm text-gray-800 hover:bg-gray-200"
        >
          {KIND_ICONS[b.type] ?? '▦'} {b.title}
        </Link>
      ))}
      <Link to="/account/profile" className="mt-3 rounded px-2 py-1 text-sm text-gray-700 hover:bg-gray-200">
        {t('nav.accountSettings')}
      </Link>
    </nav>
  );

  return (
    <SidebarFrame sidebar={sidebar}>
      <div className="mx-auto max-w-5xl p-6 lg:p-10">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold">{t('home.title')}</h1>
            {me?.email && (
              <p className="text-sm text-gray-600" data-testid="home-signed-in-as">
                {t('home.signedInAs', { email: me.email })}
              </p>
            )}
          </div>
          {allowed('baseCreate') && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="create-base">
              {t('base.create')}
            </Button>
          )}
        </div>
        {bases.isPending ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty description={t('home.noBases')} />
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="base-list">
            {list.map((b) => (
              <Card key={b.id} size="small" className="hover:shadow-md">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={basePath(b.id, b.fk_workspace_id)}
                    className="min-w-0 flex-1"
                    data-testid={`base-${b.title}`}
                  >
                    <div className="truncate font-medium text-gray-900">
                      {KIND_ICONS[b.type] ?? '▦'} {b.title}
                    </div>
                    <Tag className="mt-2">{t(`baseKind.${b.type ?? 'database'}`)}</Tag>
                  </Link>
                  <BaseActions base={b} />
                </div>
                <BaseCopyProgress baseId={b.id} />
              </Card>
            ))}
          </div>
        )}
      </div>
      <CreateBaseModal open={creating} onClose={() => setCreating(false)} />
    </SidebarFrame>
  );
}
