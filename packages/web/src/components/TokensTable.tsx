/** API tokens: create with a description (the token is shown once, to copy), list, delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '../api/tokens';

interface Props {
  queryKey: readonly unknown[];
  list: () => Promise<ApiToken[]>;
  create: (description: string) => Promise<ApiToken>;
  remove: (id: string) => Promise<unknown>;
  canManage: boolean;
}

export function TokensTable({ queryKey, list, create, remove, canManage }: Props) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ description: string }>();
  const [fresh, setFresh] = useState<string | null>(null);
  const tokens = useQuery({ queryKey, queryFn: list });
  const refresh = () => qc.invalidateQueries({ queryKey });
  const add = useMutation({
    mutationFn: (description: string) => create(description),
    onSuccess: (token) => {
      setFresh(token.token ?? null);
      form.resetFields();
      void refresh();
    },
  });
  const del = useMutation({ mutationFn: remove, onSuccess: () => void refresh() });
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      {canManage && (
        <Form form={form} layout="inline" onFinish={(v) => add.mutate(v.description.trim())}>
          <Form.Item
            name="description"
            rules={[{ required: true, whitespace: true, message: t('validation.descriptionRequired') }]}
          >
            <Input
              placeholder={t('label.description')}
              style={{ minWidth: 260 }}
              data-testid="token-description"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="token-create">
            {t('action.createToken')}
          </Button>
        </Form>
      )}
      {fresh && (
        <Alert
          type="success"
          showIcon
          title={t('tokens.copyNow')}
          description={
            <Typography.Text copyable code>
              {fresh}
            </Typography.Text>
          }
          closable={{ onClose: () => setFresh(null) }}
        />
      )}
      <Table<ApiToken>
        rowKey="id"
        size="small"
        loading={tokens.isPending}
        dataSource={tokens.data ?? []}
        pagination={false}
        columns={[
          { title: t('label.description'), dataIndex: 'description' },
          {
            title: t('label.token'),
            dataIndex: 'token_hint',
            render: (v: string | null) => (v ? `…${v}` : ''),
          },
          {
            title: t('label.createdAt'),
            dataIndex: 'created_at',
            render: (v?: number | string) =>
              v ? new Date(v).toLocaleString(i18n.language.replace('_', '-')) : '',
          },
          {
            key: 'actions',
            render: (_v, token) =>
              canManage ? (
                <Button size="small" type="text" danger onClick={() => del.mutate(token.id)}>
                  {t('action.delete')}
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
