import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess } from '../../../api/notify';
import {
  SOURCE_TEMPLATES,
  initialConnection,
  sourcesApi,
  sourcesKey,
  type ConnectionConfig,
} from '../../../api/sources';

interface Values {
  alias: string;
  template: number;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  filename?: string;
}

function toConfig(v: Values): ConnectionConfig {
  const template = SOURCE_TEMPLATES[v.template]!;
  const base = initialConnection(template);
  if (template.file) return { client: template.client, connection: { filename: v.filename } };
  return {
    ...base,
    connection: { host: v.host, port: v.port, user: v.user, password: v.password, database: v.database },
  };
}

export function NewSourceForm({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null);
  const templateIndex = Form.useWatch('template', form) ?? 0;
  const template = SOURCE_TEMPLATES[templateIndex]!;
  const test = useMutation({
    mutationFn: () => form.validateFields().then((v) => sourcesApi.test(toConfig(v))),
    meta: { silent: true },
    onSuccess: () => setTested({ ok: true, text: t('sources.testOk') }),
    onError: (e) => setTested({ ok: false, text: errorMessageOf(e) }),
  });
  const create = useMutation({
    mutationFn: (v: Values) =>
      sourcesApi.create(baseId, { alias: v.alias, type: template.client, config: toConfig(v) }),
    onSuccess: () => {
      notifySuccess(t('sources.created'));
      form.resetFields();
      void qc.invalidateQueries({ queryKey: sourcesKey(baseId) });
    },
  });
  const applyTemplate = (index: number) => {
    const c = initialConnection(SOURCE_TEMPLATES[index]!).connection;
    form.setFieldsValue({ host: c.host, port: c.port });
    setTested(null);
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="max-w-xl"
      initialValues={{ template: 0, host: 'localhost', port: SOURCE_TEMPLATES[0]!.defaultPort }}
      onFinish={(v) => create.mutate(v)}
    >
      <h2 className="mb-3 text-lg font-semibold">{t('sources.newTitle')}</h2>
      <Form.Item
        name="alias"
        label={t('label.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.nameRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="template" label={t('label.type')}>
        <Select
          options={SOURCE_TEMPLATES.map((tpl, i) => ({ value: i, label: tpl.label }))}
          onChange={applyTemplate}
          data-testid="source-template"
        />
      </Form.Item>
      {template.file ? (
        <Form.Item
          name="filename"
          label={t('label.file')}
          rules={[{ required: true, message: t('validation.fileRequired') }]}
        >
          <Input />
        </Form.Item>
      ) : (
        <>
          <div className="grid grid-cols-3 gap-3">
            <Form.Item
              name="host"
              label={t('label.host')}
              className="col-span-2"
              rules={[{ required: true, message: t('validation.hostRequired') }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="port" label={t('label.port')}>
              <InputNumber min={1} max={65535} className="w-full" data-testid="source-port" />
            </Form.Item>
          </div>
          <Form.Item name="user" label={t('label.user')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('label.password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="database" label={t('label.database')}>
            <Input />
          </Form.Item>
        </>
      )}
      {tested && (
        <Alert className="mb-3" type={tested.ok ? 'success' : 'error'} showIcon title={tested.text} />
      )}
      <Space>
        <Button onClick={() => test.mutate()} loading={test.isPending}>
          {t('action.testConnection')}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('action.connect')}
        </Button>
      </Space>
    </Form>
  );
}
