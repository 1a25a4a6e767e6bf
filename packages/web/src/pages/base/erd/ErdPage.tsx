/**
 * The base's ER diagram (/{ws}/{baseId}/erd/{sourceId}); `?table={tableId}` narrows it to one table and
 * the tables it links to (opened from the table's menu).
 */
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { erdApi } from '../../../api/erd';
import { useBase, useBaseParams } from '../use-base';

const ErdDiagram = lazy(() =>
  import('../../../components/erd/ErdDiagram').then((m) => ({ default: m.ErdDiagram })),
);

export function ErdPage() {
  const { t } = useTranslation();
  const { baseId } = useBaseParams();
  const { sourceId = '' } = useParams();
  const focus = useSearchParams()[0].get('table');
  const base = useBase().data;
  const erd = useQuery({
    queryKey: ['base', baseId, 'erd', sourceId],
    queryFn: () => erdApi.ofSource(baseId, sourceId),
  });
  if (erd.error) throw erd.error;
  const focusTitle = focus ? erd.data?.tables.find((x) => x.id === focus)?.title : undefined;
  return (
    <div className="flex h-screen flex-col" data-testid="erd-page">
      <h1 className="px-4 pt-3 text-lg font-semibold">
        {t('tools.erd')}
        {focusTitle ? ` · ${focusTitle}` : ''}
      </h1>
      <div className="min-h-0 flex-1">
        {erd.data ? (
          <Suspense fallback={<Spin className="m-8" />}>
            <ErdDiagram meta={erd.data} focusTableId={focus} name={`${base?.title ?? 'base'}-erd`} />
          </Suspense>
        ) : (
          <Spin className="m-8" />
        )}
      </div>
    </div>
  );
}
