/** The home of a dashboard base: its layouts, and a new one for creators (instead of the tables overview). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePermissions } from '../app/use-permissions';
import { TitleModal } from '../components/TitleModal';
import { SIDEBAR_ICONS } from '../pages/base/sidebar/sidebar-items';
import { dashboardsApi, layoutsKey } from './dashboards-api';

export function LayoutsOverview({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const { typeOrId = 'nc' } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { allowed } = usePermissions(baseId);
  const layouts = useQuery({ queryKey: layoutsKey(baseId), queryFn: () => dashboardsApi.layouts(baseId) });
  const [creating, setCreating] = useState(false);
  const home = `/${typeOrId}/${baseId}`;
  const create = useMutation({
    mutationFn: (title: string) => dashboardsApi.createLayout(baseId, title),
    onSuccess: (layout) => {
      setCreating(false);
      void qc.invalidateQueries({ queryKey: layoutsKey(baseId) });
      navigate(`${home}/layout/${layout.id}`);
    },
  });
  const list = layouts.data?.list ?? [];
  return (
    <div className="max-w-3xl">
      {allowed('layoutRename') && (
        <Button
          type="primary"
          className="mb-4"
          onClick={() => setCreating(true)}
          data-testid="overview-create-layout"
        >
          {t('dashboard.createLayout')}
        </Button>
      )}
      {list.length === 0 && !layouts.isPending ? (
        <Empty description={t('dashboard.noLayouts')} />
      ) : (
        <List
          bordered
          loading={layouts.isPending}
          dataSource={list}
          renderItem={(layout) => (
            <List.Item>
              <Link to={`${home}/layout/${layout.id}`}>
                {SIDEBAR_ICONS.layout} {layout.title}
              </Link>
            </List.Item>
          )}
        />
      )}
      <TitleModal
        open={creating}
        title={t('dashboard.createLayout')}
        okText={t('action.create')}
        pending={create.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(title) => create.mutate(title)}
      />
    </div>
  );
}
