/** The one TanStack Query client: server state cache, cleared on sign-out; failed calls become toasts. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessageOf, notifyError } from '../api/notify';

/** docs/behaviour/web-app.md: this server message means the app is not configured; the base area shows that state. */
const DB_CONFIG_MISSING = 'Database config not found';

function onFailure(error: unknown): void {
  if (errorMessageOf(error) === DB_CONFIG_MISSING) {
    location.hash = '#/base/0';
    return;
  }
  notifyError(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      onFailure(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (mutation.meta?.silent) return;
      onFailure(error);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
