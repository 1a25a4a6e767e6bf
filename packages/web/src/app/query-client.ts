/** The one TanStack Query client: server state cache, cleared on sign-out; failed calls become toasts. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../api/notify';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      notifyError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (mutation.meta?.silent) return;
      notifyError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
