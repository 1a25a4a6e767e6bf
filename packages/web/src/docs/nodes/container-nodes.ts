/**
 * Block containers of SPEC "Document node types" (docs/documentation-bases.md "Node types"): sec (a section),
 * callout and tipCallout (a highlighted note and a tip), collapsable (a title with a body that folds away) and
 * column (a column set beside its neighbours).
 */
import { Node, mergeAttributes } from '@tiptap/core';

function container(name: string, className: string, extra: Record<string, unknown> = {}) {
  return Node.create({
    name,
    group: 'block',
    content: 'block+',
    defining: true,
    ...extra,
    parseHTML() {
      return [{ tag: `div[data-type="${name}"]` }];
    },
    renderHTML({ HTMLAttributes }) {
      return ['div', mergeAttributes(HTMLAttributes, { 'data-type': name, class: className }), 0];
    },
  });
}

export const Sec = container('sec', 'rb-doc-sec');
export const Callout = container('callout', 'rb-doc-callout');
export const TipCallout = container('tipCallout', 'rb-doc-tip');
export const Column = container('column', 'rb-doc-column');

export const Collapsable = Node.create({
  name: 'collapsable',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return { title: { default: 'Details' }, open: { default: true } };
  },
  parseHTML() {
    return [{ tag: 'details[data-type="collapsable"]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const { title: _t, open: _o, ...rest } = HTMLAttributes;
    return [
      'details',
      mergeAttributes(rest, {
        'data-type': 'collapsable',
        class: 'rb-doc-collapsable',
        ...(node.attrs.open ? { open: 'open' } : {}),
      }),
      ['summary', { contenteditable: 'false' }, String(node.attrs.title ?? '')],
      ['div', { class: 'rb-doc-collapsable-body' }, 0],
    ];
  },
});
