/** The user's own profile: names, and a password change. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, useMe } from '../../../api/auth';
import { notifySuccess } from '../../../api/notify';
import { newPasswordRules } from '../../auth-common/rules';

export function AccountProfilePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const me = useMe().data;
  const [profileForm] = Form.useForm();
  const [passwordForm] = Form.useForm();
  useEffect(() => {
    if (me)
      profileForm.setFieldsValue({
        firstname: me.firstname,
        lastname: me.lastname,
        display_name: me.display_name,
      });
  }, [me, profileForm]);
  const saveProfile = useMutation({
    mutationFn: authApi.updateProfile,
    onSuccess: () => {
      notifySuccess(t('msg.saved'));
      void qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
  const changePassword = useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      authApi.changePassword(v.currentPassword, v.newPassword),
    onSuccess: () => {
      passwordForm.resetFields();
      notifySuccess(t('msg.passwordChanged'));
    },
  });
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('account.profile')}</h1>
      <p className="mb-4 text-gray-600">{me?.email}</p>
      <Form form={profileForm} layout="vertical" className="max-w-md" onFinish={(v) => saveProfile.mutate(v)}>
        <Form.Item name="display_name" label={t('label.displayName')}>
          <Input />
        </Form.Item>
        <Form.Item name="firstname" label={t('label.firstName')}>
          <Input />
        </Form.Item>
        <Form.Item name="lastname" label={t('label.lastName')}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saveProfile.isPending}>
          {t('action.save')}
        </Button>
      </Form>
      <Divider />
      <h2 className="mb-3 text-lg font-semibold">{t('account.changePassword')}</h2>
      <Form
        form={passwordForm}
        layout="vertical"
        className="max-w-md"
        requiredMark={false}
        onFinish={(v) => changePassword.mutate(v)}
      >
        <Form.Item
          name="currentPassword"
          label={t('label.currentPassword')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('label.newPassword')} rules={newPasswordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
          {t('account.changePassword')}
        </Button>
      </Form>
    </>
  );
}
