/** Connects a new data source from a template, with a connection test first if the user wants one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Space } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess } from '../../../api/notify';
import {
  TEMPLATE_KEYS,
  initialConnection,
  isFileTemplate,
  sourcesApi,
  sourcesKey,
  templateAt,
  type ConnectionConfig,
} from '../../../api/sources';

interface Values {
  alias: string;
  template: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  filename?: string;
}

function toConfig(v: Values): ConnectionConfig {
  const base = initialConnection(v.template);
  if (isFileTemplate(templateAt(v.template)))
    return { client: v.template, connection: { filename: v.filename } };
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
  const templateKey = Form.useWatch('template', form) ?? 'pg';
  const fileBased = isFileTemplate(templateAt(templateKey));
  const test = useMutation({
    mutationFn: () => form.validateFields().then((v) => sourcesApi.test(toConfig(v))),
    meta: { silent: true },
    onSuccess: () => setTested({ ok: true, text: t('sources.testOk') }),
    onError: (e) => setTested({ ok: false, text: errorMessageOf(e) }),
  });
  const create = useMutation({
    mutationFn: (v: Values) =>
      sourcesApi.create(baseId, { alias: v.alias, type: v.template, config: toConfig(v) }),
    onSuccess: () => {
      notifySuccess(t('sources.created'));
      form.resetFields();
      setTested(null);
      void qc.invalidateQueries({ queryKey: sourcesKey(baseId) });
    },
  });
  const applyTemplate = (key: string) => {
    const c = initialConnection(key).connection;
    form.setFieldsValue({ host: c.host, port: c.port });
    setTested(null);
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="max-w-xl"
      initialValues={{ template: 'pg', ...initialConnection('pg').connection }}
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
          options={TEMPLATE_KEYS.map((key) => ({ value: key, label: templateAt(key).name }))}
          onChange={applyTemplate}
          data-testid="source-template"
        />
      </Form.Item>
      {fileBased ? (
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
        <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="source-test">
          {t('action.testConnection')}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('action.connect')}
        </Button>
      </Space>
    </Form>
  );
}
