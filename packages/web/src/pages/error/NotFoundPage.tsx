/** 404: 'Page Not Found: {path}' (docs/behaviour/web-app.md). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const path =
    pathname === '/error/404' ? (new URLSearchParams(search).get('path') ?? pathname) : pathname + search;
  return (
    <Result
      status="404"
      title={<span data-testid="not-found">{t('error.pageNotFoundAt', { path })}</span>}
      extra={
        <Button type="primary" href="#/">
          {t('action.backHome')}
        </Button>
      }
    />
  );
}
