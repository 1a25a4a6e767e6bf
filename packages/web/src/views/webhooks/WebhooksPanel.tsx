/**
 * A table's webhooks in a drawer: the list (switch on or off, edit, delete, see the delivery log), and a form to
 * add or edit one (title, events, where it sends: a URL with its method and headers, Telegram chats, or WhatsApp
 * or SMS numbers through Twilio; conditions on the records, as in the grid's filter menu; retries) with a
 * button to send a test now.
 */
import { Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Switch, Table, Tag } from 'antd';
import { Select } from '../../components/still-pickers';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@rowbase/core/api/meta';
import { useAppInfo } from '../../api/app-info';
import type { FilterRow } from '../grid/view-settings';
import { HookConditions } from './HookConditions';
import {
  FORM_KINDS,
  conditionsApi,
  editable,
  formOf,
  targetOf,
  hookBody,
  logStatus,
  webhooksApi,
  type Hook,
  type FormKind,
  type HookForm,
  type HookLog,
} from './webhooks-api';

interface Props {
  table: TableMeta;
  canEdit: boolean;
  onClose(): void;
  onError(message: string): void;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const EMPTY: HookForm = {
  title: '',
  operation: ['insert'],
  kind: 'URL',
  method: 'POST',
  url: '',
  headers: [],
  botToken: '',
  chatIds: '',
  accountSid: '',
  authToken: '',
  from: '',
  to: '',
  body: '',
  retries: 0,
  active: true,
};

export function WebhooksPanel({ table, canEdit, onClose, onError }: Props) {
  const { t } = useTranslation();
  const tableId = table.id;
  /** The open hook's conditions: as saved (`before`) and as edited; `changed` once edited. */
  const [conditions, setConditions] = useState<{ before: FilterRow[]; tree: FilterRow[]; changed: boolean }>({
    before: [],
    tree: [],
    changed: false,
  });
  const [hooks, setHooks] = useState<Hook[]>([]);
  const [editing, setEditing] = useState<{ hook?: Hook }>();
  const [logsOf, setLogsOf] = useState<{ hook: Hook; logs: HookLog[] }>();
  const logLevel = useAppInfo().data?.automationLogLevel;
  const [tested, setTested] = useState<string>();
  const [form] = Form.useForm<HookForm>();
  const kind = Form.useWatch('kind', form) ?? 'URL';
  const KIND_LABEL: Record<FormKind, string> = {
    URL: t('webhooks.kindUrl'),
    Telegram: 'Telegram',
    Whatsapp: 'WhatsApp',
    Twilio: t('webhooks.kindSms'),
  };
  const required = { required: true, whitespace: true };

  const reload = useCallback(
    () => webhooksApi.list(tableId).then(setHooks, (e) => onError(messageOf(e))),
    [tableId, onError],
  );
  useEffect(() => void reload(), [reload]);

  const run = (action: () => Promise<unknown>) =>
    action()
      .then(reload)
      .catch((e) => onError(messageOf(e)));

  const openForm = async (hook?: Hook) => {
    setTested(undefined);
    let before: FilterRow[] = [];
    try {
      if (hook) before = await conditionsApi.list(hook.id);
    } catch (e) {
      return onError(messageOf(e));
    }
    setConditions({ before, tree: before, changed: false });
    form.setFieldsValue(hook ? formOf(hook) : EMPTY);
    setEditing({ hook });
  };
  const save = async () => {
    const values = await form.validateFields();
    const hook = editing?.hook;
    await run(async () => {
      const saved = hook
        ? await webhooksApi.update(hook.id, hookBody(values))
        : await webhooksApi.create(tableId, values);
      if (conditions.changed) await conditionsApi.replace(saved.id, conditions.before, conditions.tree);
    });
    setEditing(undefined);
  };
  const test = async () => {
    const values = await form.validateFields();
    setTested(undefined);
    try {
      await webhooksApi.test(tableId, values, editing?.hook?.id);
      setTested(t('webhooks.testSucceeded'));
    } catch (e) {
      setTested(messageOf(e));
    }
  };
  const showLogs = (hook: Hook) =>
    webhooksApi.logs(hook.id).then(
      (logs) => setLogsOf({ hook, logs }),
      (e) => onError(messageOf(e)),
    );

  return (
    <Drawer open width={640} title={t('webhooks.title')} onClose={onClose} data-testid="webhooks-panel">
      {canEdit && !editing && (
        <Button type="primary" onClick={() => void openForm()} data-testid="webhook-add">
          {t('webhooks.add')}
        </Button>
      )}
      {!editing && (
        <ul className="mt-3 space-y-2" data-testid="webhook-list">
          {hooks.length === 0 && <li className="text-gray-500">{t('webhooks.none')}</li>}
          {hooks.map((h) => (
            <li
              key={h.id}
              className="flex items-center gap-2 rounded border border-gray-200 p-2"
              data-testid={`webhook-${h.title}`}
            >
              <Switch
                size="small"
                checked={h.active}
                disabled={!canEdit}
                aria-label={t('webhooks.active')}
                onChange={(active) => void run(() => webhooksApi.update(h.id, { active }))}
              />
              <span className="flex-1">
                <b>{h.title}</b> <span className="text-gray-500">{targetOf(h)}</span>{' '}
                {h.operation.map((o) => (
                  <Tag key={o}>{t(`webhooks.operation.${o}`, o)}</Tag>
                ))}
              </span>
              <Button size="small" onClick={() => void showLogs(h)}>
                {t('webhooks.logs')}
              </Button>
              {canEdit && (
                <>
                  {editable(h) && (
                    <Button size="small" onClick={() => void openForm(h)}>
                      {t('webhooks.edit')}
                    </Button>
                  )}
                  <Button size="small" danger onClick={() => void run(() => webhooksApi.remove(h.id))}>
                    {t('webhooks.delete')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Form form={form} layout="vertical" data-testid="webhook-form">
          <Form.Item name="title" label={t('webhooks.name')} rules={[{ required: true, whitespace: true }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="operation"
            label={t('webhooks.events')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Checkbox.Group
              options={(['insert', 'update', 'delete'] as const).map((o) => ({
                value: o,
                label: t(`webhooks.operation.${o}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('webhooks.kind')}>
            <Select
              data-testid="webhook-kind"
              options={FORM_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            />
          </Form.Item>
          {kind === 'URL' && (
            <>
              <div className="flex gap-2">
                <Form.Item name="method" label={t('webhooks.method')}>
                  <Select
                    style={{ width: 110 }}
                    options={['POST', 'PUT', 'PATCH', 'GET', 'DELETE'].map((m) => ({ value: m }))}
                  />
                </Form.Item>
                <Form.Item
                  name="url"
                  label={t('webhooks.url')}
                  className="flex-1"
                  rules={[{ required: true, type: 'url' }]}
                >
                  <Input placeholder="https://" />
                </Form.Item>
              </div>
              <Form.List name="headers">
                {(fields, { add, remove }) => (
                  <div className="mb-3">
                    <div className="mb-1">{t('webhooks.headers')}</div>
                    {fields.map((f) => (
                      <div key={f.key} className="mb-1 flex gap-2">
                        <Form.Item name={[f.name, 'name']} noStyle>
                          <Input placeholder={t('webhooks.headerName')} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'value']} noStyle>
                          <Input placeholder={t('webhooks.headerValue')} />
                        </Form.Item>
                        <Button onClick={() => remove(f.name)} aria-label={t('webhooks.removeHeader')}>
                          ×
                        </Button>
                      </div>
                    ))}
                    <Button size="small" onClick={() => add({ name: '', value: '' })}>
                      {t('webhooks.addHeader')}
                    </Button>
                  </div>
                )}
              </Form.List>
            </>
          )}
          {kind === 'Telegram' && (
            <>
              <Form.Item name="botToken" label={t('webhooks.botToken')} rules={[required]}>
                <Input placeholder="123456:ABC-DEF…" autoComplete="off" />
              </Form.Item>
              <Form.Item name="chatIds" label={t('webhooks.chatIds')} rules={[required]}>
                <Input placeholder="-1001234567890, @channel" />
              </Form.Item>
            </>
          )}
          {(kind === 'Whatsapp' || kind === 'Twilio') && (
            <>
              <div className="flex gap-2">
                <Form.Item
                  name="accountSid"
                  label={t('webhooks.accountSid')}
                  className="flex-1"
                  rules={[required]}
                >
                  <Input placeholder="AC…" autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="authToken"
                  label={t('webhooks.authToken')}
                  className="flex-1"
                  rules={[required]}
                >
                  <Input.Password autoComplete="off" />
                </Form.Item>
              </div>
              <Form.Item name="from" label={t('webhooks.fromNumber')} rules={[required]}>
                <Input placeholder="+15551234567" />
              </Form.Item>
              <Form.Item name="to" label={t('webhooks.toNumbers')} rules={[required]}>
                <Input placeholder="+15557654321, +447700900123" />
              </Form.Item>
            </>
          )}
          {kind !== 'URL' && (
            <Form.Item name="body" label={t('webhooks.message')} extra={t('webhooks.messageHint')}>
              <Input.TextArea rows={3} />
            </Form.Item>
          )}
          <HookConditions
            table={table}
            conditions={conditions.tree}
            onChange={(tree) => setConditions((c) => ({ ...c, tree, changed: true }))}
          />
          <Form.Item name="retries" label={t('webhooks.retries')}>
            <InputNumber min={0} max={10} />
          </Form.Item>
          <Form.Item name="active" valuePropName="checked" label={t('webhooks.active')}>
            <Switch />
          </Form.Item>
          {tested && (
            <p className="mb-2" data-testid="webhook-test-result">
              {tested}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="primary" onClick={() => void save()} data-testid="webhook-save">
              {t('webhooks.save')}
            </Button>
            <Button onClick={() => void test()} data-testid="webhook-test">
              {t('webhooks.test')}
            </Button>
            <Button onClick={() => setEditing(undefined)}>{t('webhooks.cancel')}</Button>
          </div>
        </Form>
      )}
      {logsOf && !editing && (
        <div className="mt-4" data-testid="webhook-logs">
          <h4 className="mb-2 font-semibold">{t('webhooks.logsOf', { title: logsOf.hook.title })}</h4>
          {logLevel && logLevel !== 'ALL' && (
            <Alert
              className="mb-2"
              type="info"
              showIcon
              data-testid="webhook-log-level"
              message={`${t(logLevel === 'OFF' ? 'webhooks.logsOff' : 'webhooks.logsErrorsOnly')} (NC_AUTOMATION_LOG_LEVEL=${logLevel})`}
            />
          )}
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={logsOf.logs}
            locale={{ emptyText: t('webhooks.noLogs') }}
            columns={[
              { title: t('webhooks.when'), render: (_, l) => new Date(l.created_at).toLocaleString() },
              {
                title: t('webhooks.event'),
                render: (_, l) => (l.test_call ? t('webhooks.testCall') : l.operation),
              },
              { title: t('webhooks.status'), render: (_, l) => logStatus(l) },
              { title: t('webhooks.duration'), render: (_, l) => `${l.execution_time} ms` },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
