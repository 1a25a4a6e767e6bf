/** /{typeOrId}/base/{baseId}: a shared base opened by its link; shows the base through the shared header. */
import { useQuery } from '@tanstack/react-query';
import { Alert, List, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { setSharedContext } from '../../api/shared-context';

export function SharedBasePage() {
  const { t } = useTranslation();
  const { baseId = '' } = useParams();
  useEffect(() => {
    setSharedContext({ sharedBaseId: baseId });
    return () => setSharedContext({});
  }, [baseId]);
  const meta = useQuery({
    queryKey: ['shared-base', baseId],
    queryFn: () =>
      api.get<{ title?: string; tables?: { id: string; title: string }[] }>(
        `/api/v1/db/public/shared-base/${encodeURIComponent(baseId)}/meta`,
      ),
    meta: { silent: true },
  });
  if (meta.isPending) return <Spin className="m-8" />;
  if (meta.isError) return <Alert className="m-8" type="error" showIcon title={errorMessageOf(meta.error)} />;
  return (
    <div className="p-8">
      <h1 className="mb-4 text-2xl font-semibold">{meta.data.title}</h1>
      <List
        header={t('nav.tables')}
        bordered
        dataSource={meta.data.tables ?? []}
        renderItem={(tb) => <List.Item>▦ {tb.title}</List.Item>}
      />
    </div>
  );
}
