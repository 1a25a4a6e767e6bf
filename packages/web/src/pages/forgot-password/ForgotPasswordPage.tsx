import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessageOf } from '../../api/notify';
import { AuthCard } from '../auth-common/AuthCard';
import { emailRules } from '../auth-common/rules';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useMutation({
    mutationFn: (email: string) => authApi.forgotPassword(email),
    meta: { silent: true },
  });
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      {forgot.isSuccess ? (
        <Alert type="success" showIcon title={t('auth.forgotSent')} data-testid="forgot-sent" />
      ) : (
        <>
          <p className="mb-4 text-sm text-gray-600">{t('auth.forgotHint')}</p>
          {forgot.isError && (
            <Alert className="mb-4" type="error" showIcon title={errorMessageOf(forgot.error)} />
          )}
          <Form<{ email: string }>
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => forgot.mutate(v.email)}
          >
            <Form.Item name="email" label={t('label.email')} rules={emailRules(t)}>
              <Input autoComplete="email" autoFocus data-testid="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={forgot.isPending} data-testid="submit">
              {t('action.sendResetLink')}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/signin">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
