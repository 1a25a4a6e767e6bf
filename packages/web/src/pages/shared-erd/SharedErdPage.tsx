/**
 * A shared ERD link (/{typeOrId}/shared/{erdUuid}): the tables of one source with their fields, keys and the
 * links between them, read through GET /db/public/shared-erd/{uuid}/meta. A drawn diagram comes with the
 * ERD issue; this page lists the same schema as cards.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError, request } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { setSharedContext } from '../../api/shared-context';
import { typeLabel } from '../../fields/type-label';

interface ErdColumn {
  id: string;
  title: string;
  uidt: string;
  pk?: boolean;
  pv?: boolean;
  system?: boolean;
}
interface ErdRelation {
  fk_column_id: string;
  fk_model_id: string;
  type: string;
  fk_related_model_id: string;
}
interface ErdMeta {
  tables: { id: string; title: string; columns: ErdColumn[] }[];
  relations: ErdRelation[];
}

/** Link kinds as NocoDB abbreviates them: has many, belongs to, many to many, one to one. */
const KIND: Record<string, string> = { hm: '1:n', bt: 'n:1', mm: 'n:n', oo: '1:1' };

export function SharedErdPage() {
  const { t } = useTranslation();
  const { erdUuid = '' } = useParams();
  useEffect(() => {
    setSharedContext({ sharedErdId: erdUuid });
    return () => setSharedContext({});
  }, [erdUuid]);
  const erd = useQuery({
    queryKey: ['shared-erd', erdUuid],
    queryFn: () =>
      request<ErdMeta>('GET', `/api/v1/db/public/shared-erd/${encodeURIComponent(erdUuid)}/meta`),
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
  const titleOf = new Map(erd.data.tables.map((tb) => [tb.id, tb.title]));
  const relationOf = new Map(erd.data.relations.map((r) => [r.fk_column_id, r]));
  return (
    <div data-testid="shared-erd">
      <h1 className="mb-4 text-xl font-semibold">{t('tools.erd')}</h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {erd.data.tables.map((tb) => (
          <Card key={tb.id} size="small" title={tb.title} data-testid={`erd-table-${tb.title}`}>
            <ul className="flex flex-col gap-1 text-sm">
              {tb.columns
                .filter((c) => !c.system || c.pk)
                .map((c) => {
                  const link = relationOf.get(c.id);
                  return (
                    <li key={c.id} className="flex items-center justify-between gap-2">
                      <span className={c.pv ? 'font-semibold' : undefined}>
                        {c.pk && '🔑 '}
                        {c.title}
                      </span>
                      {link ? (
                        <Tag color="blue">
                          {KIND[link.type] ?? link.type} → {titleOf.get(link.fk_related_model_id) ?? '?'}
                        </Tag>
                      ) : (
                        <span className="text-xs text-gray-500">{typeLabel(t, c.uidt)}</span>
                      )}
                    </li>
                  );
                })}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}
