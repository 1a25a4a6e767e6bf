/** A published page for anyone, without signing in: its sub-pages beside it, read-only (docs/documentation-bases.md). */
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { docsApi } from './docs-api';
import { DocView } from './DocView';
import { buildTree, type TreeNode } from './page-tree';
import type { DocsPage } from '@rowbase/core/api/docs';

export function PublicDocPage() {
  const { t } = useTranslation();
  const { typeOrId = 'nc', pageId = '' } = useParams();
  const page = useQuery({
    queryKey: ['public-doc', pageId],
    queryFn: () => docsApi.publicPage(pageId),
    retry: false,
  });
  if (page.isPending) return <Spin className="m-8" />;
  if (page.isError) return <Result status="404" title={t('docs.notPublished')} />;
  const tree = buildTree(page.data.pages as DocsPage[]);
  const item = (n: TreeNode) => (
    <li key={n.page.id}>
      <Link
        to={`/${typeOrId}/doc/${n.page.id}`}
        className={`block truncate rounded px-2 py-1 text-sm ${n.page.id === pageId ? 'bg-indigo-50 text-indigo-700' : 'hover:bg-gray-100'}`}
      >
        {n.page.icon ?? '📄'} {n.page.title}
      </Link>
      {n.children.length > 0 && <ul className="ms-3">{n.children.map(item)}</ul>}
    </li>
  );
  return (
    <div className="flex min-h-screen">
      <aside className="w-60 shrink-0 border-e border-gray-200 p-3">
        <ul data-testid="public-doc-tree">{tree.map(item)}</ul>
      </aside>
      <main className="mx-auto max-w-4xl flex-1 p-6 lg:p-10">
        <h1 className="mb-4 text-3xl font-semibold" data-testid="public-doc-title">
          {page.data.icon ?? '📄'} {page.data.title}
        </h1>
        <DocView content={page.data.content} testId="public-doc-content" />
      </main>
    </div>
  );
}
