/** Documentation bases over HTTP (docs/documentation-bases.md). */
import type {
  DocsPage,
  DocsPageWithContent,
  DocsSearchHit,
  DocsSnapshot,
  DocNodeJson,
} from '@rowbase/core/api/docs';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../api/client';

export interface PublicDocsPage extends Omit<DocsPageWithContent, 'created_by' | 'updated_by'> {
  root_id: string;
  pages: Omit<DocsPage, 'created_by' | 'updated_by'>[];
}

export const docsPagesKey = (baseId: string) => ['docs-pages', baseId] as const;

export const docPath = (typeOrId: string, baseId: string, pageId: string) =>
  `/${typeOrId}/${baseId}/doc/${pageId}`;

/** The address anyone may open once the page (or a page above it) is published. */
export const publicDocUrl = (pageId: string) =>
  `${window.location.origin}${window.location.pathname}#/nc/doc/${pageId}`;

export function useDocsPages(baseId: string) {
  return useQuery({ queryKey: docsPagesKey(baseId), queryFn: () => docsApi.list(baseId) });
}

export const docsApi = {
  list: (baseId: string) => api.get<{ list: DocsPage[] }>(`/api/v1/docs/bases/${baseId}/pages`),
  create: (baseId: string, body: { title: string; parent_id?: string | null; icon?: string | null }) =>
    api.post<DocsPage>(`/api/v1/docs/bases/${baseId}/pages`, body),
  update: (
    pageId: string,
    body: { title?: string; icon?: string | null; parent_id?: string | null; order?: number },
  ) => api.patch<DocsPage>(`/api/v1/docs/pages/${pageId}`, body),
  delete: (pageId: string) => api.delete<{ deleted: string[] }>(`/api/v1/docs/pages/${pageId}`),
  publish: (pageId: string, published: boolean) =>
    api.post<DocsPage>(`/api/v1/docs/pages/${pageId}/publish`, { published }),
  search: (baseId: string, q: string) =>
    api.get<{ list: DocsSearchHit[] }>(`/api/v1/docs/bases/${baseId}/search`, { q }),
  snapshots: (pageId: string) => api.get<{ list: DocsSnapshot[] }>(`/api/v1/docs/pages/${pageId}/snapshots`),
  snapshot: (pageId: string, snapshotId: string) =>
    api.get<DocsSnapshot & { content: DocNodeJson }>(`/api/v1/docs/pages/${pageId}/snapshots/${snapshotId}`),
  takeSnapshot: (pageId: string, title?: string) =>
    api.post<DocsSnapshot>(`/api/v1/docs/pages/${pageId}/snapshots`, { title }),
  restore: (pageId: string, snapshotId: string) =>
    api.post<DocsPageWithContent>(`/api/v1/docs/pages/${pageId}/snapshots/${snapshotId}/restore`, {}),
  publicPage: (pageId: string) => api.get<PublicDocsPage>(`/api/v1/public/docs/pages/${pageId}`),
  /** Stores files through the storage in use; answers their public addresses. */
  upload: async (file: File) => {
    const form = new FormData();
    form.append('files', file, file.name);
    const stored = await request<
      { url?: string; path?: string; title?: string; mimetype?: string; size?: number }[]
    >('POST', '/api/v1/db/storage/upload', { body: form, query: { path: 'docs' } });
    const a = stored[0]!;
    return {
      url: a.url ?? `/${a.path}`,
      title: a.title ?? file.name,
      mimetype: a.mimetype ?? file.type,
      size: a.size ?? file.size,
    };
  },
};
