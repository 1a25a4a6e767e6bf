/** The base of the current route and its tables; a shared base (typeOrId = base) sends the shared header. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { baseKey, basesApi } from '../../api/bases';
import { setSharedContext } from '../../api/shared-context';
import { tablesApi, tablesKey } from '../../api/tables';

export function useBaseParams() {
  const { typeOrId = 'nc', baseId = '' } = useParams();
  return { typeOrId, baseId, shared: typeOrId === 'base' };
}

export function useSharedBaseContext(): void {
  const { baseId, shared } = useBaseParams();
  useEffect(() => {
    setSharedContext({ sharedBaseId: shared ? baseId : null });
    return () => setSharedContext({});
  }, [baseId, shared]);
}

export function useBase() {
  const { baseId } = useBaseParams();
  return useQuery({ queryKey: baseKey(baseId), queryFn: () => basesApi.read(baseId), enabled: !!baseId });
}

export function useTables() {
  const { baseId } = useBaseParams();
  // Refetched when the window regains focus, so tables added elsewhere (another tab, the API) show up.
  return useQuery({
    queryKey: tablesKey(baseId),
    queryFn: () => tablesApi.list(baseId),
    enabled: !!baseId,
    refetchOnWindowFocus: true,
  });
}
