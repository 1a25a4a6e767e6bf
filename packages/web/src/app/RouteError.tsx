/**
 * What a route shows when it fails (SPEC §8): 'Page Not Found' for a missing page, 'Internal Server Error' for
 * anything else; a chunk that failed to load reloads the page (at most once per 10 s).
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/client';
import { isChunkLoadError, reloadForChunkError } from './known-errors';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) reloadForChunkError();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (error instanceof ApiError && error.status === 404);
  if (!notFound) console.error(error);
  return (
    <Result
      status={notFound ? '404' : '500'}
      title={notFound ? t('error.pageNotFound') : t('error.internalServerError')}
      extra={
        <Button type="primary" href="#/">
          {t('action.backHome')}
        </Button>
      }
    />
  );
}
