/**
 * Leaf blocks of SPEC "Document node types" (docs/documentation-bases.md "Node types"): linkToPage (a link to
 * another page of the base), embed (an https page in a sandboxed frame) and attachment (a stored file).
 */
import { Node, mergeAttributes } from '@tiptap/core';

const safeUrl = (url: unknown): string => {
  const s = String(url ?? '');
  return /^(https?:\/\/|\/|#)/i.test(s) ? s : '';
};

function atom(name: string, attrs: Record<string, unknown>, render: (a: Record<string, any>) => any) {
  return Node.create({
    name,
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes() {
      return Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, { default: v }]));
    },
    parseHTML() {
      return [{ tag: `div[data-type="${name}"]` }];
    },
    renderHTML({ node, HTMLAttributes }) {
      return [
        'div',
        mergeAttributes(HTMLAttributes, { 'data-type': name, class: `rb-doc-${name}` }),
        render(node.attrs),
      ];
    },
  });
}

export const LinkToPage = atom('linkToPage', { pageId: null, title: '', href: '' }, (a) => [
  'a',
  { href: safeUrl(a.href), 'data-page-id': a.pageId ?? '' },
  `📄 ${a.title ?? ''}`,
]);

export const Embed = atom('embed', { src: '' }, (a) => [
  'iframe',
  {
    src: /^https:\/\//i.test(String(a.src)) ? a.src : 'about:blank',
    sandbox: 'allow-scripts allow-same-origin',
    loading: 'lazy',
  },
]);

export const Attachment = atom('attachment', { url: '', title: '', mimetype: '', size: 0 }, (a) => [
  'a',
  { href: safeUrl(a.url), download: a.title ?? '', target: '_blank', rel: 'noopener' },
  `📎 ${a.title ?? ''}`,
]);
