/**
 * A plugin's settings form, drawn from its `input_schema`. Secrets show as the server's mask; leaving the mask
 * keeps the stored secret. "Test" tries the values in the form without saving them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess } from '../../../api/notify';
import {
  fieldsOf,
  pluginsApi,
  pluginsKey,
  settingsOf,
  type Plugin,
  type PluginField,
  type PluginSettings,
} from '../../../api/plugins';
import { useStillModalMotion } from '../../../components/modal-motion';

/** One settings input; antd's Form.Item hands it `value` and `onChange`. */
function FieldInput({ field, ...control }: { field: PluginField }) {
  const common = { placeholder: field.placeholder, 'data-testid': `plugin-field-${field.key}` };
  if (field.type === 'Password')
    return <Input.Password autoComplete="new-password" {...common} {...control} />;
  if (field.type === 'Number')
    return <InputNumber className="w-full" min={0} max={65535} {...common} {...control} />;
  return <Input {...common} {...control} />;
}

export function PluginSettingsModal({ plugin, onClose }: { plugin: Plugin; onClose: () => void }) {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  const qc = useQueryClient();
  const [form] = Form.useForm<PluginSettings>();
  const fields = fieldsOf(plugin);
  const inputOf = () => JSON.stringify(form.getFieldsValue(true));
  const test = useMutation({
    mutationFn: async () => {
      await form.validateFields();
      return pluginsApi.test({ id: plugin.id, title: plugin.title, input: inputOf() });
    },
    meta: { silent: true },
    onSuccess: () => notifySuccess(t('plugins.testPassed', { title: plugin.title })),
  });
  const save = useMutation({
    mutationFn: async () => {
      await form.validateFields();
      return pluginsApi.save(plugin.id, { input: inputOf() });
    },
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(t('msg.saved'));
      void qc.invalidateQueries({ queryKey: pluginsKey });
      onClose();
    },
  });
  const failure = test.error ?? save.error;
  return (
    <Modal
      {...motion}
      open
      title={t('plugins.settingsTitle', { title: plugin.title })}
      onCancel={onClose}
      footer={[
        <Button key="test" onClick={() => test.mutate()} loading={test.isPending} data-testid="plugin-test">
          {t('plugins.test')}
        </Button>,
        <Button
          key="save"
          type="primary"
          onClick={() => save.mutate()}
          loading={save.isPending}
          data-testid="plugin-save"
        >
          {t('action.save')}
        </Button>,
      ]}
    >
      {failure && !(failure as { errorFields?: unknown }).errorFields && (
        <Alert
          className="mb-4"
          type="error"
          showIcon
          title={errorMessageOf(failure)}
          data-testid="plugin-error"
        />
      )}
      <Form form={form} layout="vertical" initialValues={settingsOf(plugin)} requiredMark>
        {fields.map((f) =>
          f.type === 'Checkbox' ? (
            <Form.Item key={f.key} name={f.key} valuePropName="checked" className="mb-2">
              <Checkbox data-testid={`plugin-field-${f.key}`}>{f.label}</Checkbox>
            </Form.Item>
          ) : (
            <Form.Item
              key={f.key}
              name={f.key}
              label={f.label}
              rules={
                f.required ? [{ required: true, message: t('plugins.required', { label: f.label }) }] : []
              }
            >
              <FieldInput field={f} />
            </Form.Item>
          ),
        )}
      </Form>
    </Modal>
  );
}
