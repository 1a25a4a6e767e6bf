/** Users management for the super admin: invite with a role, change role, delete, resend invite, reset URL. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrgRole } from '@rowbase/core/permissions/roles';
import { Alert, Button, Form, Input, Space, Table, Typography } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { orgUsersApi, type OrgUser } from '../../../api/org-users';
import { RoleTag } from '../../base/settings/RoleTag';

const INVITABLE = [OrgRole.CREATOR, OrgRole.VIEWER];

export function UsersPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ email: string; roles: string }>();
  const [link, setLink] = useState<string | null>(null);
  const users = useQuery({ queryKey: ['org-users'], queryFn: () => orgUsersApi.list({ limit: 100 }) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['org-users'] });
  const invite = useMutation({
    mutationFn: orgUsersApi.invite,
    onSuccess: (reply) => {
      form.resetFields();
      if (reply.invite_token) setLink(`${location.origin}${location.pathname}#/signup/${reply.invite_token}`);
      void refresh();
    },
  });
  const update = useMutation({
    mutationFn: (v: { id: string; roles: string }) => orgUsersApi.update(v.id, { roles: v.roles }),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({ mutationFn: orgUsersApi.delete, onSuccess: () => void refresh() });
  const resend = useMutation({
    mutationFn: orgUsersApi.resendInvite,
    onSuccess: () => notifySuccess(t('msg.inviteResent')),
  });
  const resetUrl = useMutation({
    mutationFn: orgUsersApi.generateResetUrl,
    onSuccess: (r) => setLink(r.reset_password_url ?? null),
  });
  const roleOptions = INVITABLE.map((r) => ({ value: r, label: <RoleTag role={r} /> }));
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('account.users')}</h1>
      <Form
        form={form}
        layout="inline"
        className="mb-4"
        initialValues={{ roles: OrgRole.VIEWER }}
        onFinish={(v) => invite.mutate(v)}
      >
        <Form.Item
          name="email"
          rules={[{ required: true, type: 'email', message: t('validation.emailInvalid') }]}
        >
          <Input placeholder={t('label.email')} style={{ minWidth: 240 }} data-testid="org-invite-email" />
        </Form.Item>
        <Form.Item name="roles">
          <Select options={roleOptions} style={{ minWidth: 170 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          {t('action.invite')}
        </Button>
      </Form>
      {link && (
        <Alert
          className="mb-4"
          type="success"
          showIcon
          title={t('account.shareLink')}
          description={<Typography.Text copyable>{link}</Typography.Text>}
          closable={{ onClose: () => setLink(null) }}
        />
      )}
      <Table<OrgUser>
        rowKey="id"
        size="small"
        loading={users.isPending}
        dataSource={users.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('label.email'), dataIndex: 'email' },
          {
            title: t('label.role'),
            dataIndex: 'roles',
            render: (roles: string, user) =>
              roles === OrgRole.SUPER ? (
                <RoleTag role="super" />
              ) : (
                <Select
                  size="small"
                  value={roles}
                  options={roleOptions}
                  style={{ minWidth: 170 }}
                  onChange={(v: string) => update.mutate({ id: user.id, roles: v })}
                />
              ),
          },
          {
            key: 'actions',
            render: (_v, user) =>
              user.roles === OrgRole.SUPER ? null : (
                <Space size="small" wrap>
                  {user.invite_pending && (
                    <Button size="small" type="text" onClick={() => resend.mutate(user.id)}>
                      {t('action.resendInvite')}
                    </Button>
                  )}
                  <Button size="small" type="text" onClick={() => resetUrl.mutate(user.id)}>
                    {t('action.resetUrl')}
                  </Button>
                  <Button size="small" type="text" danger onClick={() => remove.mutate(user.id)}>
                    {t('action.delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}
