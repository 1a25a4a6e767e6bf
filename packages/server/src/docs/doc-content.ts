/**
 * Reads a page's Yjs document the way the editor wrote it (TipTap's collaboration extension keeps the
 * ProseMirror tree in the XML fragment `default`): as ProseMirror JSON for public pages and snapshots, and as
 * plain text for search (docs/documentation-bases.md "Content").
 */
import type { DocNodeJson } from '@rowbase/core/api/docs';
import * as Y from 'yjs';

/** The fragment TipTap's collaboration extension edits. */
export const DOC_FIELD = 'default';

/** Block nodes whose text ends with a line break in the plain text. */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'codeBlock',
  'listItem',
  'taskItem',
  'tableCell',
  'tableHeader',
  'callout',
  'tipCallout',
  'linkToPage',
  'attachment',
  'embed',
  'image',
]);

export function docFromState(state: Uint8Array | null): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  if (state && state.length) Y.applyUpdate(doc, state);
  return doc;
}

/** The page as ProseMirror JSON (`{ type: 'doc', content }`). */
export function docToJson(doc: Y.Doc): DocNodeJson {
  const fragment = doc.getXmlFragment(DOC_FIELD);
  return { type: 'doc', content: fragment.toArray().flatMap(nodeToJson) };
}

function nodeToJson(node: Y.XmlElement | Y.XmlText | Y.XmlHook): DocNodeJson[] {
  if (node instanceof Y.XmlText) {
    return node.toDelta().flatMap((d: { insert: unknown; attributes?: Record<string, unknown> }) => {
      if (typeof d.insert !== 'string' || !d.insert) return [];
      const marks = Object.entries(d.attributes ?? {}).map(([name, attrs]) => {
        // Marks that may overlap carry a `--hash` suffix in the Yjs attribute name.
        const type = name.split('--')[0]!;
        return attrs && typeof attrs === 'object' && Object.keys(attrs).length
          ? { type, attrs: attrs as Record<string, unknown> }
          : { type };
      });
      return [marks.length ? { type: 'text', text: d.insert, marks } : { type: 'text', text: d.insert }];
    });
  }
  if (!(node instanceof Y.XmlElement)) return [];
  const out: DocNodeJson = { type: node.nodeName };
  const attrs = node.getAttributes();
  if (Object.keys(attrs).length) out.attrs = attrs as Record<string, unknown>;
  const content = node.toArray().flatMap(nodeToJson);
  if (content.length) out.content = content;
  return [out];
}

/** The page's words, a line per block, for search and excerpts. */
export function jsonToText(node: DocNodeJson): string {
  const lines: string[] = [];
  let line = '';
  const walk = (n: DocNodeJson) => {
    if (n.type === 'text') line += n.text ?? '';
    const label = n.attrs?.title ?? n.attrs?.alt ?? n.attrs?.name;
    if (typeof label === 'string' && label) line += (line ? ' ' : '') + label;
    n.content?.forEach(walk);
    if (BLOCKS.has(n.type) && line) {
      lines.push(line);
      line = '';
    }
  };
  walk(node);
  if (line) lines.push(line);
  return lines.join('\n');
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
