/**
 * A shared ERD link (/{typeOrId}/shared/{erdUuid}): the same diagram as the base's ERD page, read through
 * GET /db/public/shared-erd/{uuid}/meta with the shared ERD header.
 */
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { erdApi } from '../../api/erd';
import { errorMessageOf } from '../../api/notify';
import { setSharedContext } from '../../api/shared-context';

const ErdDiagram = lazy(() =>
  import('../../components/erd/ErdDiagram').then((m) => ({ default: m.ErdDiagram })),
);

export function SharedErdPage() {
  const { t } = useTranslation();
  const { erdUuid = '' } = useParams();
  useEffect(() => {
    setSharedContext({ sharedErdId: erdUuid });
    return () => setSharedContext({});
  }, [erdUuid]);
  const erd = useQuery({
    queryKey: ['shared-erd', erdUuid],
    queryFn: () => erdApi.shared(erdUuid),
    meta: { silent: true },
  });
  if (erd.isError) {
    const gone = erd.error instanceof ApiError && erd.error.status === 404;
    return (
      <Result
        status={gone ? '404' : 'error'}
        title={gone ? t('sharedView.notFound') : errorMessageOf(erd.error)}
        data-testid="shared-erd-error"
      />
    );
  }
  if (!erd.data) return <Spin className="m-8" />;
  return (
    <div className="flex h-screen flex-col" data-testid="shared-erd">
      <h1 className="px-4 pt-3 text-lg font-semibold">{t('tools.erd')}</h1>
      <div className="min-h-0 flex-1">
        <Suspense fallback={<Spin className="m-8" />}>
          <ErdDiagram meta={erd.data} name="erd" />
        </Suspense>
      </div>
    </div>
  );
}
