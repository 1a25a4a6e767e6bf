/**
 * What a route shows when it fails (docs/behaviour/web-app.md): 'Page Not Found: {path}' when what the address names does
 * not exist, 'Page Not Found' when a page module is missing, 'Internal Server Error' for anything else. A chunk
 * that failed to load (a new build replaced it) reloads the page, at most once per 10 s.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/client';
import { isChunkLoadError, reloadForChunkError } from './known-errors';
import { MissingPageError } from './missing-page';

export function RouteError() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) reloadForChunkError();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (error instanceof ApiError && error.status === 404);
  const missing = error instanceof MissingPageError;
  if (!notFound && !missing) console.error(error);
  const title = notFound
    ? t('error.pageNotFoundAt', { path: pathname + search })
    : missing
      ? t('error.pageNotFound')
      : t('error.internalServerError');
  return (
    <Result
      status={notFound || missing ? '404' : '500'}
      title={<span data-testid={notFound || missing ? 'not-found' : 'fatal-error'}>{title}</span>}
      extra={
        <Button type="primary" href="#/">
          {t('action.backHome')}
        </Button>
      }
    />
  );
}
