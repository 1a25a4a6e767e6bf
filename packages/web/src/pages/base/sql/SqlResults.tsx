/** The result of a statement: a paged table, the row count and time, and a CSV download. */
import type { SqlResult } from '@rowbase/core/api/sql';
import { Alert, Button, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resultToCsv } from './sql-csv';

export function SqlResults({ result }: { result: SqlResult }) {
  const { t } = useTranslation();
  const columns = useMemo(
    () =>
      result.columns.map((c, i) => ({
        key: `c${i}`,
        title: c.name,
        dataIndex: `c${i}`,
        ellipsis: true,
        render: (v: unknown) => (v === null ? <span className="text-gray-400">NULL</span> : String(v)),
      })),
    [result],
  );
  const data = useMemo(
    () =>
      result.rows.map((row, r) => {
        const record: Record<string, unknown> = { key: r };
        row.forEach((v, i) => (record[`c${i}`] = v));
        return record;
      }),
    [result],
  );
  const download = () => {
    const blob = new Blob([resultToCsv(result)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'query-result.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="sql-results">
      <div className="flex items-center justify-between text-sm text-gray-600">
        <span data-testid="sql-summary">
          {t('sql.summary', { count: result.rows.length, ms: result.elapsedMs })}
        </span>
        <Button size="small" onClick={download} data-testid="sql-download" disabled={!result.columns.length}>
          {t('sql.downloadCsv')}
        </Button>
      </div>
      {result.truncated && (
        <Alert type="warning" showIcon message={t('sql.truncated', { count: result.rowCap })} />
      )}
      <Table
        size="small"
        bordered
        columns={columns}
        dataSource={data}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [25, 50, 100, 250] }}
      />
    </div>
  );
}
