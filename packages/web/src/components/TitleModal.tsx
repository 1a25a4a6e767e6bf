/** A small modal asking for a title (create or rename), with an optional extra field above it. */
import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStillModalMotion } from './modal-motion';

interface Props {
  open: boolean;
  title: string;
  initial?: string;
  pending?: boolean;
  okText?: string;
  extra?: ReactNode;
  onCancel: () => void;
  onSubmit: (title: string, values: Record<string, unknown>) => void;
}

export function TitleModal({ open, title, initial = '', pending, okText, extra, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const motion = useStillModalMotion();
  useEffect(() => {
    if (open) form.setFieldsValue({ title: initial });
  }, [open, initial, form]);
  return (
    <Modal
      {...motion}
      open={open}
      title={title}
      okText={okText ?? t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'modal-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        // The title is there from the Form's first render: the modal may mount its content after the effect below.
        initialValues={{ title: initial }}
        onFinish={(v: Record<string, unknown>) => onSubmit(String(v.title).trim(), v)}
      >
        {extra}
        <Form.Item
          name="title"
          label={t('label.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation.titleRequired') },
            { max: 255, message: t('validation.titleTooLong') },
          ]}
        >
          <Input autoFocus data-testid="title-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
