import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppInfo } from '../../api/app-info';
import { authApi } from '../../api/auth';
import { errorMessageOf } from '../../api/notify';
import { AuthCard } from '../auth-common/AuthCard';
import { emailRules, newPasswordRules } from '../auth-common/rules';
import { startSession } from '../auth-common/session-start';

interface Values {
  email: string;
  password: string;
  firstname?: string;
  lastname?: string;
}

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token: inviteToken } = useParams();
  const [params] = useSearchParams();
  const appInfo = useAppInfo().data;
  const signUp = useMutation({
    mutationFn: (v: Values) => authApi.signup({ ...v, ...(inviteToken ? { token: inviteToken } : {}) }),
    meta: { silent: true },
    onSuccess: ({ token }) =>
      navigate(startSession(token, params.get('continueAfterSignIn')), { replace: true }),
  });
  const closed = appInfo?.inviteOnlySignup && !appInfo.firstUser && !inviteToken;
  return (
    <AuthCard title={appInfo?.firstUser ? t('auth.firstUserTitle') : t('auth.signUpTitle')}>
      {appInfo?.firstUser && <Alert className="mb-4" type="info" showIcon title={t('auth.firstUserHint')} />}
      {closed && <Alert className="mb-4" type="warning" showIcon title={t('auth.inviteOnly')} />}
      {signUp.isError && (
        <Alert className="mb-4" type="error" showIcon title={errorMessageOf(signUp.error)} />
      )}
      <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => signUp.mutate(v)}>
        <Form.Item name="email" label={t('label.email')} rules={emailRules(t)}>
          <Input autoComplete="email" autoFocus data-testid="email" />
        </Form.Item>
        <Form.Item name="password" label={t('label.password')} rules={newPasswordRules(t)}>
          <Input.Password autoComplete="new-password" data-testid="password" />
        </Form.Item>
        <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
          <Form.Item name="firstname" label={t('label.firstName')}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item name="lastname" label={t('label.lastName')}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" block loading={signUp.isPending} data-testid="submit">
          {t('action.signUp')}
        </Button>
      </Form>
      {!appInfo?.firstUser && (
        <p className="mt-6 text-center text-sm text-gray-600">
          {t('auth.haveAccount')}{' '}
          <Link to={{ pathname: '/signin', search: params.toString() }}>{t('action.signIn')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
