/** The ER diagram's schema of a base's source, and of a shared ERD link. */
import type { ErdMeta } from '@rowbase/core/api/erd';
import { api, request } from './client';

export const erdApi = {
  ofSource: (baseId: string, sourceId: string) =>
    api.get<ErdMeta>(`/api/v2/meta/bases/${baseId}/sources/${sourceId}/erd`),
  shared: (uuid: string) =>
    request<ErdMeta>('GET', `/api/v1/db/public/shared-erd/${encodeURIComponent(uuid)}/meta`),
};
