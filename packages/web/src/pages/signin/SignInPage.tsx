import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessageOf } from '../../api/notify';
import { AuthCard } from '../auth-common/AuthCard';
import { emailRules } from '../auth-common/rules';
import { startSession } from '../auth-common/session-start';
import { SsoButtons } from './SsoButtons';

interface Values {
  email: string;
  password: string;
}

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useMutation({
    mutationFn: (v: Values) => authApi.signin(v),
    meta: { silent: true },
    onSuccess: ({ token }) =>
      navigate(startSession(token, params.get('continueAfterSignIn')), { replace: true }),
  });
  return (
    <AuthCard title={t('auth.signInTitle')}>
      {signIn.isError && (
        <Alert className="mb-4" type="error" showIcon title={errorMessageOf(signIn.error)} />
      )}
      <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => signIn.mutate(v)}>
        <Form.Item name="email" label={t('label.email')} rules={emailRules(t)}>
          <Input autoComplete="email" autoFocus data-testid="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('label.password')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password" />
        </Form.Item>
        <div className="mb-4 text-end">
          <Link to="/forgot-password">{t('auth.forgotPasswordLink')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="submit">
          {t('action.signIn')}
        </Button>
      </Form>
      <SsoButtons continueAfterSignIn={params.get('continueAfterSignIn')} />
      <p className="mt-6 text-center text-sm text-gray-600">
        {t('auth.noAccount')}{' '}
        <Link to={{ pathname: '/signup', search: params.toString() }}>{t('action.signUp')}</Link>
      </p>
    </AuthCard>
  );
}
