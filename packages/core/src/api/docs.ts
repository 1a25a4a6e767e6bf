/**
 * Contracts of documentation bases (docs/documentation-bases.md): a tree of pages per base, their snapshots,
 * publishing and search. Page content is a Yjs document synced over the realtime connection; the HTTP replies
 * carry the ProseMirror JSON and plain text the server derives from it.
 */
import { z } from 'zod';
import { titleSchema } from './bases.js';

/** A ProseMirror node as JSON: `{ type, attrs?, content?, text?, marks? }`. */
export interface DocNodeJson {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNodeJson[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

export interface DocsPage {
  id: string;
  base_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  order: number;
  published: boolean;
  created_by: string | null;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface DocsPageWithContent extends DocsPage {
  content: DocNodeJson;
  text: string;
}

export interface DocsSnapshot {
  id: string;
  page_id: string;
  title: string;
  /** manual (taken by a user), auto (taken while editing), restore (the state just before a restore). */
  kind: 'manual' | 'auto' | 'restore';
  created_by: string | null;
  created_at: number;
}

export interface DocsSearchHit {
  id: string;
  title: string;
  icon: string | null;
  /** Up to 160 characters of the page's text around the first match. */
  excerpt: string;
}

const pageId = (name: string) =>
  z
    .string({ error: `${name} must be a page id` })
    .min(1, `${name} must be a page id`)
    .max(20, `${name} must be a page id`);

const icon = z
  .string({ error: 'icon must be a string' })
  .max(64, 'icon must be at most 64 characters')
  .nullish();

/** POST /api/v1/docs/bases/{baseId}/pages */
export const createDocsPageBody = z.looseObject({
  title: titleSchema('Page title', 255),
  parent_id: pageId('parent_id').nullish(),
  icon,
  order: z.number({ error: 'order must be a number' }).finite('order must be a number').optional(),
});
export type CreateDocsPageBody = z.infer<typeof createDocsPageBody>;

/** PATCH /api/v1/docs/pages/{pageId}: rename, change the icon, move (parent_id) and reorder (order). */
export const updateDocsPageBody = z.looseObject({
  title: titleSchema('Page title', 255).optional(),
  parent_id: pageId('parent_id').nullish(),
  icon,
  order: z.number({ error: 'order must be a number' }).finite('order must be a number').optional(),
});
export type UpdateDocsPageBody = z.infer<typeof updateDocsPageBody>;

/** POST /api/v1/docs/pages/{pageId}/publish */
export const publishDocsPageBody = z.looseObject({
  published: z.boolean({ error: 'published must be true or false' }),
});

/** POST /api/v1/docs/pages/{pageId}/snapshots */
export const createDocsSnapshotBody = z.looseObject({
  title: z
    .string({ error: 'title must be a string' })
    .max(255, 'title must be at most 255 characters')
    .optional(),
});

/** GET /api/v1/docs/bases/{baseId}/search?q= */
export const docsSearchQuery = z.looseObject({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(200, 'q must be at most 200 characters'),
});
