/**
 * The SQL page (/{ws}/{baseId}/sql): pick a source, write a statement, run it read-only and page through
 * the result. Owners and creators only; the server enforces the same and every read-only guard.
 */
import type { SqlResult } from '@rowbase/core/api/sql';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { Select } from '../../../components/still-pickers';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/auth';
import { errorMessageOf } from '../../../api/notify';
import { sourcesApi, sourcesKey } from '../../../api/sources';
import { sqlApi, sqlSchemaKey } from '../../../api/sql';
import { usePermissions } from '../../../app/use-permissions';
import { useBaseParams } from '../use-base';
import { readHistory, remember } from './sql-history';
import { SaveAsViewButton } from './SaveAsViewButton';
import { SqlResults } from './SqlResults';

const SqlEditor = lazy(() => import('./SqlEditor').then((m) => ({ default: m.SqlEditor })));

export function SqlPage() {
  const { t } = useTranslation();
  const { baseId } = useBaseParams();
  const { allowed, loaded } = usePermissions(baseId);
  if (!loaded) return <Spin className="m-8" />;
  if (!allowed('sourceCreate')) {
    return (
      <Result status="403" title={t('tools.sql')} subTitle={t('sql.notAllowed')} data-testid="sql-refused" />
    );
  }
  return <SqlWorkbench baseId={baseId} />;
}

function SqlWorkbench({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const userId = useMe(baseId).data?.id ?? 'anonymous';
  const sources = useQuery({ queryKey: sourcesKey(baseId), queryFn: () => sourcesApi.list(baseId) });
  const [sourceId, setSourceId] = useState<string | undefined>();
  const schema = useQuery({
    queryKey: sqlSchemaKey(baseId, sourceId),
    queryFn: () => sqlApi.schema(baseId, sourceId),
  });
  const completion = useMemo(() => {
    const map: Record<string, string[]> = {};
    for (const table of schema.data?.tables ?? [])
      map[table.table_name] = table.columns.map((c) => c.column_name);
    return map;
  }, [schema.data]);
  const [text, setText] = useState('');
  const [history, setHistory] = useState(() => readHistory(localStorage, userId, baseId));
  const run = useMutation({
    mutationFn: (sql: string) => sqlApi.run(baseId, sql, sourceId),
    meta: { silent: true },
    onSuccess: (_r, sql) => setHistory(remember(localStorage, userId, baseId, sql)),
  });
  const submit = () => {
    if (text.trim() && !run.isPending) run.mutate(text);
  };
  const result: SqlResult | undefined = run.data;
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="sql-page">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">{t('tools.sql')}</h1>
        <Select
          className="min-w-48"
          aria-label={t('sql.source')}
          placeholder={t('sql.source')}
          value={sourceId ?? schema.data?.sourceId}
          onChange={setSourceId}
          options={(sources.data?.list ?? []).map((s) => ({
            value: s.id,
            label: s.is_meta ? t('sql.defaultSource') : (s.alias ?? s.id),
          }))}
          data-testid="sql-source"
        />
        <span className="text-xs text-gray-500">{t('sql.readOnlyHint')}</span>
      </div>
      <Suspense fallback={<Spin />}>
        <SqlEditor
          value={text}
          onChange={setText}
          onRun={submit}
          schema={completion}
          dialect={schema.data?.dialect ?? 'sqlite'}
          placeholder={t('sql.placeholder')}
        />
      </Suspense>
      <div className="flex items-center gap-3">
        <Button
          type="primary"
          onClick={submit}
          loading={run.isPending}
          disabled={!text.trim()}
          data-testid="sql-run"
        >
          {t('sql.run')}
        </Button>
        <SaveAsViewButton baseId={baseId} sourceId={sourceId ?? schema.data?.sourceId} sql={text} />
        <span className="text-xs text-gray-500">{t('sql.runHint')}</span>
        {history.length > 0 && (
          <Select
            className="ms-auto w-80"
            placeholder={t('sql.history')}
            value={null}
            onChange={(v: string) => setText(v)}
            options={history.map((h) => ({ value: h, label: h.replace(/\s+/g, ' ').slice(0, 120) }))}
            data-testid="sql-history"
          />
        )}
      </div>
      {run.isError && (
        <Alert type="error" showIcon message={errorMessageOf(run.error)} data-testid="sql-error" />
      )}
      {result && !run.isError && <SqlResults result={result} />}
    </div>
  );
}
