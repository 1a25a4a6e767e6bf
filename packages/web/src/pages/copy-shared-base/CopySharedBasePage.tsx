/**
 * /copy-shared-base: copying a shared base into one's own bases needs a server call this server does not
 * have yet, so the page says so rather than calling a path that does not exist.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function CopySharedBasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('share.copyTitle')}
      subTitle={t('sharedBase.copyUnavailable')}
      extra={<Button onClick={() => navigate('/')}>{t('action.backHome')}</Button>}
      data-testid="copy-shared-base"
    />
  );
}
