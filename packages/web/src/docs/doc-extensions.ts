/**
 * The editor's schema: one TipTap extension per SPEC document node type and mark (docs/documentation-bases.md
 * "Node types" has the table). The starter kit brings paragraph, text, heading, bullet/ordered lists, quote,
 * divider, code block and the marks; TipTap packages add task lists, tables and images; the rest are ours.
 */
import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { Attachment, Embed, LinkToPage } from './nodes/atom-nodes';
import { Callout, Collapsable, Column, Sec, TipCallout } from './nodes/container-nodes';

/** `collaborative`: the history is Yjs's (the collaboration extension brings its own undo). */
export function docExtensions(collaborative: boolean): AnyExtension[] {
  return [
    StarterKit.configure({
      ...(collaborative ? { undoRedo: false } : {}),
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ allowBase64: false }),
    Sec,
    Callout,
    TipCallout,
    Collapsable,
    Column,
    LinkToPage,
    Embed,
    Attachment,
  ];
}
