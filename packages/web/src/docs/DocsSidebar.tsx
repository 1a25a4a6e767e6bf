/**
 * The sidebar of a documentation base: search, and the page tree (nested, icons; drag a page onto another to
 * nest it, onto the top or bottom edge of one to place it before or after; or, on a focused page, Alt+Up and
 * Alt+Down to move it among its siblings, Alt+Right to nest it under the page above and Alt+Left to move it out,
 * each announced to screen readers). Creators and above change the tree.
 */
import type { BaseMeta } from '@rowbase/core/api/meta';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { Popconfirm } from '../components/still-popups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate, useParams } from 'react-router-dom';
import { usePermissions } from '../app/use-permissions';
import { TitleModal } from '../components/TitleModal';
import { docPath, docsApi, docsPagesKey, useDocsPages } from './docs-api';
import { buildTree, dropMove, keyMove, keyMoveOf, type KeyMove, type TreeNode } from './page-tree';
import { useWatchDocsTree } from './watch-tree';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-w-0 flex-1 items-center gap-1.5 truncate rounded px-1.5 py-1 text-sm ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-gray-800 hover:bg-gray-200'}`;

export function DocsSidebar({ base }: { base: BaseMeta }) {
  const { t, i18n } = useTranslation();
  const { typeOrId = 'nc' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canManage = usePermissions(base.id).allowed('tableCreate');
  const pages = useDocsPages(base.id).data?.list ?? [];
  useWatchDocsTree(base.id);
  const [creating, setCreating] = useState<{ parent: string | null } | null>(null);
  const [q, setQ] = useState('');
  const hits = useQuery({
    queryKey: ['docs-search', base.id, q],
    queryFn: () => docsApi.search(base.id, q),
    enabled: q.trim().length > 0,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: docsPagesKey(base.id) });
  const create = useMutation({
    mutationFn: (v: { title: string; parent_id: string | null }) => docsApi.create(base.id, v),
    onSuccess: (page) => {
      setCreating(null);
      void refresh();
      navigate(docPath(typeOrId, base.id, page.id));
    },
  });
  const move = useMutation({
    mutationFn: (v: { id: string; parent_id: string | null; order: number }) =>
      docsApi.update(v.id, { parent_id: v.parent_id, order: v.order }),
    onSettled: () => refresh(),
  });
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  /** Moves a page from the keyboard, keeps the focus on it once the tree is reloaded, and says where it went. */
  const moveByKey = (id: string, m: KeyMove) => {
    const to = keyMove(pages, id, m);
    const title = pages.find((p) => p.id === id)?.title ?? '';
    if (!to) return;
    move.mutate(
      { id, parent_id: to.parent_id, order: to.order },
      {
        onSuccess: async () => {
          await refresh();
          document
            .querySelector<HTMLElement>(`[data-page-id="${id}"] [data-testid="docs-page-link"]`)
            ?.focus();
          setAnnouncement(
            m === 'up' || m === 'down'
              ? t('docs.moved', { title, position: to.position, count: to.count })
              : to.parent
                ? t('docs.movedInto', { title, parent: to.parent.title })
                : t('docs.movedToTop', { title }),
          );
        },
      },
    );
  };

  const drop = (targetId: string, where: 'before' | 'after' | 'inside') => {
    const to = dragged ? dropMove(pages, dragged, targetId, where) : null;
    setDragged(null);
    if (dragged && to) move.mutate({ id: dragged, ...to });
  };

  return (
    <nav className="flex flex-col gap-0.5 px-2" aria-label={base.title}>
      <Link to="/" className="px-2 pb-2 text-xs text-gray-500 hover:text-gray-800">
        <span className="inline-block rtl:rotate-180">←</span> {t('nav.allBases')}
      </Link>
      <NavLink end to={`/${typeOrId}/${base.id}`} className={itemClass} data-testid="base-home-link">
        <span className="font-semibold">{base.title}</span>
      </NavLink>
      <Input.Search
        className="my-2"
        size="small"
        allowClear
        placeholder={t('docs.search')}
        data-testid="docs-search"
        onSearch={(v) => setQ(v.trim())}
      />
      {q && (
        <ul data-testid="docs-search-results" className="mb-2 rounded bg-gray-50 p-1">
          {(hits.data?.list ?? []).map((h) => (
            <li key={h.id}>
              <Link
                to={docPath(typeOrId, base.id, h.id)}
                className="block rounded px-1.5 py-1 text-sm hover:bg-gray-200"
              >
                <div className="truncate">
                  {h.icon ?? '📄'} {h.title}
                </div>
                <div className="truncate text-xs text-gray-500">{h.excerpt}</div>
              </Link>
            </li>
          ))}
          {hits.isSuccess && !hits.data.list.length && (
            <li className="px-1.5 py-1 text-xs text-gray-500">{t('docs.noResults')}</li>
          )}
        </ul>
      )}
      <div className="mt-1 flex items-center justify-between px-2 text-xs font-semibold uppercase text-gray-500">
        <span>{t('docs.pages')}</span>
        {canManage && (
          <Button
            size="small"
            type="text"
            aria-label={t('docs.newPage')}
            data-testid="docs-new-page"
            onClick={() => setCreating({ parent: null })}
          >
            +
          </Button>
        )}
      </div>
      <ul data-testid="docs-tree" onDragEnd={() => setDragged(null)}>
        {buildTree(pages).map((node) => (
          <TreeItem
            key={node.page.id}
            node={node}
            depth={0}
            typeOrId={typeOrId}
            canManage={canManage}
            onAdd={(parent) => setCreating({ parent })}
            onDragStart={setDragged}
            onDrop={drop}
            onKeyMove={moveByKey}
            rtl={i18n.dir() === 'rtl'}
            onDeleted={() => {
              void refresh();
              navigate(`/${typeOrId}/${base.id}`);
            }}
          />
        ))}
      </ul>
      {!pages.length && <p className="px-2 text-xs text-gray-500">{t('docs.empty')}</p>}
      {canManage && (
        <p id="docs-reorder-hint" hidden>
          {t('docs.reorderHint')}
        </p>
      )}
      <div role="status" aria-live="polite" className="sr-only" data-testid="docs-tree-announcement">
        {announcement}
      </div>
      <TitleModal
        open={!!creating}
        title={t('docs.newPage')}
        okText={t('action.create')}
        pending={create.isPending}
        onCancel={() => setCreating(null)}
        onSubmit={(title) => create.mutate({ title, parent_id: creating?.parent ?? null })}
      />
    </nav>
  );
}

function TreeItem(props: {
  node: TreeNode;
  depth: number;
  typeOrId: string;
  canManage: boolean;
  onAdd(parent: string): void;
  onDragStart(id: string): void;
  onDrop(targetId: string, where: 'before' | 'after' | 'inside'): void;
  onKeyMove(id: string, move: KeyMove): void;
  rtl: boolean;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const { node, depth, typeOrId, canManage } = props;
  const { page } = node;
  const [open, setOpen] = useState(true);
  const [hint, setHint] = useState<'before' | 'after' | 'inside' | null>(null);
  const del = useMutation({ mutationFn: () => docsApi.delete(page.id), onSuccess: props.onDeleted });
  const whereOf = (e: React.DragEvent) => {
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / r.height;
    return y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside';
  };
  return (
    <li data-testid="docs-tree-item" data-page-id={page.id}>
      <div
        className={`group flex items-center gap-0.5 ${hint === 'inside' ? 'rounded bg-indigo-100' : ''} ${hint === 'before' ? 'border-t-2 border-indigo-500' : ''} ${hint === 'after' ? 'border-b-2 border-indigo-500' : ''}`}
        style={{ paddingInlineStart: depth * 12 }}
        draggable={canManage}
        onDragStart={(e) => {
          e.dataTransfer.setData('text/plain', page.id);
          props.onDragStart(page.id);
        }}
        onDragOver={(e) => {
          if (!canManage) return;
          e.preventDefault();
          setHint(whereOf(e));
        }}
        onDragLeave={() => setHint(null)}
        onDrop={(e) => {
          e.preventDefault();
          setHint(null);
          props.onDrop(page.id, whereOf(e));
        }}
      >
        <button
          type="button"
          className={`w-4 text-xs text-gray-400 ${node.children.length ? '' : 'invisible'}`}
          aria-label={open ? t('docs.collapse') : t('docs.expand')}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <NavLink
          to={docPath(typeOrId, page.base_id, page.id)}
          className={itemClass}
          data-testid="docs-page-link"
          aria-describedby={canManage ? 'docs-reorder-hint' : undefined}
          aria-keyshortcuts={canManage ? 'Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight' : undefined}
          onKeyDown={(e) => {
            const m = canManage ? keyMoveOf(e, props.rtl) : null;
            if (!m) return;
            e.preventDefault();
            props.onKeyMove(page.id, m);
          }}
        >
          <span>{page.icon ?? '📄'}</span>
          <span className="truncate">{page.title}</span>
        </NavLink>
        {canManage && (
          <span className="hidden shrink-0 group-hover:flex">
            <Button
              size="small"
              type="text"
              aria-label={t('docs.addSubPage')}
              data-testid="docs-add-sub-page"
              onClick={() => props.onAdd(page.id)}
            >
              +
            </Button>
            <Popconfirm
              title={t('docs.deleteConfirm')}
              onConfirm={() => del.mutate()}
              okText={t('action.delete')}
            >
              <Button
                size="small"
                type="text"
                danger
                aria-label={t('action.delete')}
                data-testid="docs-delete-page"
              >
                ×
              </Button>
            </Popconfirm>
          </span>
        )}
      </div>
      {open && node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <TreeItem key={child.page.id} {...props} node={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
