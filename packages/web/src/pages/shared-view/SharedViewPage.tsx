/**
 * A publicly shared view (/nc/view/{uuid}, /{typeOrId}/view|gallery|kanban|map/{uuid}) or form
 * (/nc/form/{uuid}, .../survey): no sign-in. A protected share asks for its password first.
 */
import { ViewType, type TableMeta, type ViewMeta } from '@rowbase/core/api/meta';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { CalendarView } from '../../views/calendar/CalendarView';
import { sharedSource } from '../../views/cards/card-data';
import { SharedForm } from '../../views/form/SharedForm';
import { GalleryView } from '../../views/gallery/GalleryView';
import { KanbanView } from '../../views/kanban/KanbanView';
import { MapView } from '../../views/map/MapView';
import { PasswordPrompt } from './PasswordPrompt';
import { SharedGrid } from './SharedGrid';
import { promptError } from './password-prompt-state';
import { useSharedView } from './use-shared-view';

export function SharedViewPage() {
  const { t } = useTranslation();
  const { viewId: uuid = '' } = useParams();
  const location = useLocation();
  const survey = location.pathname.endsWith('/survey');
  const { meta, password, setPassword, calls } = useSharedView(uuid);
  const prompt = meta.isError ? promptError(meta.error, password, t('sharedView.wrongPassword')) : undefined;

  if (prompt !== undefined)
    return <PasswordPrompt error={prompt || undefined} loading={meta.isFetching} onSubmit={setPassword} />;
  if (meta.isError) {
    const gone = meta.error instanceof ApiError && meta.error.status === 404;
    return (
      <Result
        status={gone ? '404' : 'error'}
        title={gone ? t('sharedView.notFound') : errorMessageOf(meta.error)}
        data-testid="shared-view-error"
      />
    );
  }
  if (!meta.data) return <Spin className="m-8" />;
  const view = meta.data;
  if (view.type === ViewType.FORM)
    return (
      <div className="flex justify-center">
        <SharedForm
          title={view.title}
          columns={view.model.columns}
          settings={view.columns}
          form={view.view ?? {}}
          viewMeta={view.meta as Record<string, unknown> | undefined}
          survey={survey}
          search={location.search}
          submit={(body) => calls.post('/rows', body)}
        />
      </div>
    );
  if (
    view.type === ViewType.GALLERY ||
    view.type === ViewType.KANBAN ||
    view.type === ViewType.CALENDAR ||
    view.type === ViewType.MAP
  ) {
    // The share's fields are the ones the view shows; the model stands in for the table.
    const table = { ...view.model, base_id: view.base_id } as unknown as TableMeta;
    const shown = { ...view, fk_model_id: view.model.id } as unknown as ViewMeta & {
      view?: Record<string, unknown>;
    };
    const source = sharedSource((path) => calls.get(path));
    return (
      <div className="flex h-screen flex-col" data-testid="shared-cards">
        <h1 className="px-4 pt-3 pb-1 text-lg font-semibold">{view.title}</h1>
        <div className="min-h-0 flex-1">
          {view.type === ViewType.GALLERY ? (
            <GalleryView table={table} view={shown} source={source} readOnly />
          ) : view.type === ViewType.MAP ? (
            <MapView table={table} view={shown} source={source} readOnly />
          ) : view.type === ViewType.CALENDAR ? (
            <CalendarView table={table} view={shown} source={source} readOnly />
          ) : (
            <KanbanView
              table={table}
              view={shown}
              source={source}
              readOnly
              onFieldsChanged={() => undefined}
            />
          )}
        </div>
      </div>
    );
  }
  return <SharedGrid uuid={uuid} meta={view} calls={calls} />;
}
