/**
 * A publicly shared view (/nc/view/{uuid}, /{typeOrId}/view|gallery|kanban|map/{uuid}) or form
 * (/nc/form/{uuid}, .../survey): no sign-in. A protected share asks for its password first.
 */
import { ViewType } from '@rowbase/core/api/meta';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { SharedForm } from '../../views/form/SharedForm';
import { PasswordPrompt } from './PasswordPrompt';
import { SharedGrid } from './SharedGrid';
import { promptError } from './password-prompt-state';
import { useSharedView } from './use-shared-view';

export function SharedViewPage() {
  const { t } = useTranslation();
  const { viewId: uuid = '' } = useParams();
  const survey = useLocation().pathname.endsWith('/survey');
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
          submit={(body) => calls.post('/rows', body)}
        />
      </div>
    );
  return <SharedGrid uuid={uuid} meta={view} calls={calls} />;
}
