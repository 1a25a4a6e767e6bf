/** A publicly shared dashboard layout (docs/dashboards.md): read-only, no sign-in, values refreshed every minute. */
import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DashboardGrid } from '../../dashboards/DashboardGrid';
import { dashboardsApi } from '../../dashboards/dashboards-api';
import { WidgetFrame } from '../../dashboards/WidgetFrame';
import { WidgetView } from '../../dashboards/WidgetView';

const PUBLIC_REFRESH_MS = 60_000;

export function SharedDashboardPage() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const layout = useQuery({
    queryKey: ['public-dashboard', uuid],
    queryFn: () => dashboardsApi.publicLayout(uuid),
  });
  if (layout.error) return <Result status="404" title={t('dashboard.notShared')} />;
  if (!layout.data) return <Spin className="m-6" />;
  return (
    <div className="min-h-screen bg-gray-50 p-4 lg:p-6">
      <h1 className="mb-4 text-2xl font-semibold" data-testid="layout-title">
        {layout.data.title}
      </h1>
      {layout.data.widgets.length === 0 ? (
        <Empty description={t('dashboard.noWidgets')} />
      ) : (
        <DashboardGrid
          widgets={layout.data.widgets}
          editable={false}
          renderWidget={(w) => (
            <WidgetFrame widget={w}>
              <WidgetView
                widget={w}
                load={() => dashboardsApi.publicData(uuid, w.id)}
                poll={PUBLIC_REFRESH_MS}
              />
            </WidgetFrame>
          )}
        />
      )}
    </div>
  );
}
