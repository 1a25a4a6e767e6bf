/**
 * Base collaborators: invite by e-mail with a role, change a role, remove; roles in their colours. A new
 * invitee's sign-up link is shown to copy: without mail set up nobody else will deliver it, and with mail
 * set up the hint says it was e-mailed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BASE_ROLES } from '@rowbase/core/permissions/roles';
import { Alert, Button, Form, Input, Table, Typography } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseUsersKey, basesApi, type BaseUser } from '../../../api/bases';
import { notifySuccess } from '../../../api/notify';
import { usePermissions } from '../../../app/use-permissions';
import { RoleTag } from './RoleTag';

const ASSIGNABLE = BASE_ROLES.filter((r) => r !== 'owner');

export function CollaboratorsTab({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { allowed } = usePermissions(baseId);
  const [form] = Form.useForm<{ email: string; roles: string }>();
  const [invitation, setInvitation] = useState<{ email: string; url: string; emailed: boolean } | null>(null);
  const users = useQuery({ queryKey: baseUsersKey(baseId), queryFn: () => basesApi.users(baseId) });
  const refresh = () => qc.invalidateQueries({ queryKey: baseUsersKey(baseId) });
  const invite = useMutation({
    mutationFn: (v: { email: string; roles: string }) => basesApi.inviteUser(baseId, v),
    onSuccess: (reply) => {
      setInvitation(
        reply.invite_url && reply.email
          ? { email: reply.email, url: reply.invite_url, emailed: reply.emailed === true }
          : null,
      );
      form.resetFields();
      notifySuccess(t('msg.invited'));
      void refresh();
    },
  });
  const update = useMutation({
    mutationFn: (v: { user: BaseUser; roles: string }) =>
      basesApi.updateUser(baseId, v.user.id, { email: v.user.email, roles: v.roles }),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => basesApi.removeUser(baseId, id),
    onSuccess: () => void refresh(),
  });
  const canManage = allowed('newUser');
  const roleOptions = ASSIGNABLE.map((r) => ({ value: r, label: <RoleTag role={r} /> }));
  return (
    <div className="max-w-4xl">
      {canManage && (
        <Form
          form={form}
          layout="inline"
          className="mb-4 gap-y-2"
          onFinish={(v) => invite.mutate(v)}
          initialValues={{ roles: 'editor' }}
        >
          <Form.Item
            name="email"
            rules={[{ required: true, type: 'email', message: t('validation.emailInvalid') }]}
          >
            <Input placeholder={t('label.email')} data-testid="invite-email" style={{ minWidth: 240 }} />
          </Form.Item>
          <Form.Item name="roles">
            <Select options={roleOptions} style={{ minWidth: 150 }} data-testid="invite-role" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-submit">
            {t('action.invite')}
          </Button>
        </Form>
      )}
      {invitation && (
        <Alert
          className="mb-4"
          type="success"
          closable
          onClose={() => setInvitation(null)}
          title={t('collaborators.inviteLinkTitle', { email: invitation.email })}
          description={
            <>
              <p className="mb-1" data-testid="invite-link-hint">
                {t(invitation.emailed ? 'collaborators.inviteEmailedHint' : 'collaborators.inviteLinkHint')}
              </p>
              <Typography.Text copyable={{ text: invitation.url }} code data-testid="invite-link">
                {invitation.url}
              </Typography.Text>
            </>
          }
        />
      )}
      <Table<BaseUser>
        rowKey="id"
        size="small"
        loading={users.isPending}
        dataSource={users.data?.users.list ?? []}
        pagination={false}
        columns={[
          { title: t('label.email'), dataIndex: 'email' },
          {
            title: t('label.role'),
            dataIndex: 'roles',
            render: (roles: string | null, user) =>
              canManage && roles !== 'owner' ? (
                <Select
                  size="small"
                  value={roles ?? 'no-access'}
                  options={roleOptions}
                  style={{ minWidth: 150 }}
                  onChange={(value: string) => update.mutate({ user, roles: value })}
                />
              ) : (
                <RoleTag role={roles ?? 'no-access'} />
              ),
          },
          {
            title: '',
            key: 'actions',
            render: (_v, user) =>
              canManage && user.roles !== 'owner' ? (
                <Button size="small" danger type="text" onClick={() => remove.mutate(user.id)}>
                  {t('action.remove')}
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
