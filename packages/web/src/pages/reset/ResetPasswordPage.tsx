import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessageOf } from '../../api/notify';
import { AuthCard } from '../auth-common/AuthCard';
import { newPasswordRules } from '../auth-common/rules';

interface Values {
  password: string;
  confirm: string;
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = useQuery({
    queryKey: ['reset-token', id],
    queryFn: () => authApi.validateResetToken(id),
    meta: { silent: true },
  });
  const reset = useMutation({
    mutationFn: (v: Values) => authApi.resetPassword(id, v.password),
    meta: { silent: true },
  });
  let body;
  if (valid.isPending) body = <Spin />;
  else if (valid.isError) body = <Alert type="error" showIcon title={errorMessageOf(valid.error)} />;
  else if (reset.isSuccess)
    body = <Alert type="success" showIcon title={t('auth.resetDone')} data-testid="reset-done" />;
  else
    body = (
      <>
        {reset.isError && (
          <Alert className="mb-4" type="error" showIcon title={errorMessageOf(reset.error)} />
        )}
        <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => reset.mutate(v)}>
          <Form.Item name="password" label={t('label.newPassword')} rules={newPasswordRules(t)}>
            <Input.Password autoComplete="new-password" autoFocus data-testid="password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('label.confirmPassword')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('validation.passwordRequired') },
              ({ getFieldValue }) => ({
                validator: (_r, value) =>
                  value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.passwordsDiffer'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="submit">
            {t('action.resetPassword')}
          </Button>
        </Form>
      </>
    );
  return (
    <AuthCard title={t('auth.resetTitle')}>
      {body}
      <p className="mt-6 text-center text-sm">
        <Link to="/signin">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
