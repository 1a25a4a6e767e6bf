/**
 * The base's audit trail (docs/audit.md): every recorded change, newest first, with who made it and when (relative
 * times, the exact time on hover), filtered by user, type, operation and a date range. Owners and creators only
 * (`settingsPage`), as the API.
 */
import { useQuery } from '@tanstack/react-query';
import { Input, Table } from 'antd';
import { Select, DateRangePicker } from '../../../components/still-pickers';
import dayjs, { type Dayjs } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { usePermissions } from '../../../app/use-permissions';
import { NotFoundPage } from '../../error/NotFoundPage';
import { useBaseParams } from '../use-base';
import { AUDIT_OPERATIONS, AUDIT_TYPES } from './audit-kinds';

dayjs.extend(relativeTime);

interface AuditEntry {
  id: string;
  user: string | null;
  op_type: string;
  op_sub_type: string | null;
  description: string | null;
  created_at: number;
}
interface AuditPage {
  list: AuditEntry[];
  pageInfo: { totalRows: number };
}

const PAGE_SIZE = 25;

export function AuditPage() {
  const { t } = useTranslation();
  const { baseId } = useBaseParams();
  const { allowed, loaded } = usePermissions(baseId);
  const [user, setUser] = useState('');
  const [type, setType] = useState<string>();
  const [operation, setOperation] = useState<string>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const query = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(user.trim() ? { user: user.trim() } : {}),
    ...(type ? { op_type: type } : {}),
    ...(operation ? { op_sub_type: operation } : {}),
    ...(range?.[0] ? { from: range[0].startOf('day').toISOString() } : {}),
    ...(range?.[1] ? { to: range[1].endOf('day').toISOString() } : {}),
  };
  const audits = useQuery({
    queryKey: ['audits', baseId, query],
    queryFn: () => api.get<AuditPage>(`/api/v1/db/meta/projects/${baseId}/audits`, query),
    enabled: allowed('settingsPage'),
    placeholderData: (previous) => previous,
  });
  if (loaded && !allowed('settingsPage')) return <NotFoundPage />;
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="p-6 lg:p-8" data-testid="audit-page">
      <h1 className="mb-4 text-2xl font-semibold">{t('audit.title')}</h1>
      <div className="mb-4 flex flex-wrap gap-2">
        <span data-testid="audit-user">
          <Input.Search
            allowClear
            className="w-64"
            placeholder={t('audit.userFilter')}
            aria-label={t('audit.user')}
            onSearch={filtered(setUser)}
          />
        </span>
        <Select
          allowClear
          className="w-48"
          placeholder={t('audit.anyType')}
          aria-label={t('audit.type')}
          data-testid="audit-type"
          value={type}
          onChange={filtered(setType)}
          options={AUDIT_TYPES.map((v) => ({ value: v, label: v }))}
        />
        <Select
          allowClear
          className="w-48"
          placeholder={t('audit.anyOperation')}
          aria-label={t('audit.operation')}
          data-testid="audit-operation"
          value={operation}
          onChange={filtered(setOperation)}
          options={AUDIT_OPERATIONS.map((v) => ({ value: v, label: v }))}
        />
        <DateRangePicker data-testid="audit-dates" value={range} onChange={filtered(setRange)} />
      </div>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={audits.isFetching}
        dataSource={audits.data?.list ?? []}
        locale={{ emptyText: t('audit.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: audits.data?.pageInfo.totalRows ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'when',
            title: t('audit.when'),
            width: 160,
            render: (_, a) => (
              <span title={new Date(Number(a.created_at)).toLocaleString()}>
                {dayjs(Number(a.created_at)).fromNow()}
              </span>
            ),
          },
          { key: 'user', title: t('audit.user'), dataIndex: 'user', width: 220 },
          { key: 'type', title: t('audit.type'), dataIndex: 'op_type', width: 140 },
          { key: 'operation', title: t('audit.operation'), dataIndex: 'op_sub_type', width: 160 },
          { key: 'description', title: t('audit.description'), dataIndex: 'description' },
        ]}
        onRow={() => ({ 'data-testid': 'audit-row' }) as React.HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
