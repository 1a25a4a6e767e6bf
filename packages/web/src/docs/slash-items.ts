/**
 * The blocks the slash menu inserts (docs/documentation-bases.md "Slash menu"): typing `/` at the start of a
 * line or after a space opens it; typing filters it; Enter or a click inserts the block in place of `/query`.
 */
import type { Editor } from '@tiptap/core';

export interface SlashContext {
  /** Asks the user for a file and stores it; null when cancelled. */
  pickFile(accept: string): Promise<{ url: string; title: string; mimetype: string; size: number } | null>;
  /** Asks for a line of text (an address, a title); null when cancelled. */
  ask(label: string): Promise<string | null>;
  /** Pages of the base a link may point to, and the address of one. */
  pages: { id: string; title: string }[];
  pageHref(pageId: string): string;
  t(key: string): string;
}

export interface SlashItem {
  key: string;
  /** Inserts the block; may wait for an answer first (a file, an address). */
  run(editor: Editor, ctx: SlashContext): unknown;
}

const para = { type: 'paragraph' };

/** Inserts a leaf block and an empty line after it, where the cursor goes (typing must not replace the block). */
function insertAtom(e: Editor, type: string, attrs: Record<string, unknown>) {
  e.chain().focus().insertContent([{ type, attrs }, para]).run();
}
const wrap = (type: string, attrs: Record<string, unknown> = {}) => ({ type, attrs, content: [para] });

export const SLASH_ITEMS: SlashItem[] = [
  { key: 'paragraph', run: (e) => e.chain().focus().setParagraph().run() },
  { key: 'heading1', run: (e) => e.chain().focus().setHeading({ level: 1 }).run() },
  { key: 'heading2', run: (e) => e.chain().focus().setHeading({ level: 2 }).run() },
  { key: 'heading3', run: (e) => e.chain().focus().setHeading({ level: 3 }).run() },
  { key: 'bullet', run: (e) => e.chain().focus().toggleBulletList().run() },
  { key: 'ordered', run: (e) => e.chain().focus().toggleOrderedList().run() },
  { key: 'task', run: (e) => e.chain().focus().toggleTaskList().run() },
  { key: 'quote', run: (e) => e.chain().focus().toggleBlockquote().run() },
  { key: 'divider', run: (e) => e.chain().focus().setHorizontalRule().run() },
  { key: 'codeBlock', run: (e) => e.chain().focus().toggleCodeBlock().run() },
  {
    key: 'table',
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: 'image',
    run: async (e, ctx) => {
      const file = await ctx.pickFile('image/*');
      if (file) insertAtom(e, 'image', { src: file.url, alt: file.title });
    },
  },
  {
    key: 'attachment',
    run: async (e, ctx) => {
      const file = await ctx.pickFile('*/*');
      if (file) insertAtom(e, 'attachment', file);
    },
  },
  { key: 'callout', run: (e) => e.chain().focus().insertContent(wrap('callout')).run() },
  { key: 'tipCallout', run: (e) => e.chain().focus().insertContent(wrap('tipCallout')).run() },
  {
    key: 'collapsable',
    run: async (e, ctx) => {
      const title = await ctx.ask(ctx.t('docs.ask.collapsableTitle'));
      if (title !== null) e.chain().focus().insertContent(wrap('collapsable', { title })).run();
    },
  },
  {
    key: 'column',
    run: (e) =>
      e
        .chain()
        .focus()
        .insertContent([wrap('column'), wrap('column')])
        .run(),
  },
  { key: 'sec', run: (e) => e.chain().focus().insertContent(wrap('sec')).run() },
  {
    key: 'embed',
    run: async (e, ctx) => {
      const src = await ctx.ask(ctx.t('docs.ask.embedUrl'));
      if (src && /^https:\/\//i.test(src)) insertAtom(e, 'embed', { src });
    },
  },
  {
    key: 'linkToPage',
    run: async (e, ctx) => {
      const wanted = (await ctx.ask(ctx.t('docs.ask.pageTitle')))?.trim().toLowerCase();
      const page = wanted ? ctx.pages.find((p) => p.title.toLowerCase().includes(wanted)) : undefined;
      if (page)
        insertAtom(e, 'linkToPage', { pageId: page.id, title: page.title, href: ctx.pageHref(page.id) });
    },
  },
];

/** The `/query` typed just before the cursor in a text block, or null. */
export function slashQueryAt(editor: Editor): { query: string; from: number; to: number } | null {
  const { $from, empty } = editor.state.selection;
  if (!empty || !$from.parent.isTextblock || $from.parent.type.name === 'codeBlock') return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const m = /(?:^|\s)\/([\w-]{0,20})$/.exec(before);
  if (!m) return null;
  const query = m[1]!;
  return { query, from: $from.pos - query.length - 1, to: $from.pos };
}
