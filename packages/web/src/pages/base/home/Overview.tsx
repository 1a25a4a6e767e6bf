import { Button, Empty, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { tablePath } from '../../../app/nav-paths';
import { usePermissions } from '../../../app/use-permissions';
import { CreateTableModal } from '../sidebar/CreateTableModal';
import { useTables } from '../use-base';

export function Overview({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const tables = useTables();
  const { allowed } = usePermissions(baseId);
  const [creating, setCreating] = useState(false);
  const list = tables.data?.list ?? [];
  return (
    <div className="max-w-3xl">
      {allowed('tableCreate') && (
        <Button
          type="primary"
          className="mb-4"
          onClick={() => setCreating(true)}
          data-testid="overview-create-table"
        >
          {t('table.create')}
        </Button>
      )}
      {list.length === 0 && !tables.isPending ? (
        <Empty description={t('base.noTables')} />
      ) : (
        <List
          bordered
          loading={tables.isPending}
          dataSource={list}
          renderItem={(table) => (
            <List.Item>
              <Link to={tablePath(baseId, table.id)}>▦ {table.title}</Link>
            </List.Item>
          )}
        />
      )}
      <CreateTableModal baseId={baseId} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
