import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DOC_FIELD, docToJson, jsonToText } from './doc-content.js';

describe('reading a page document', () => {
  it('turns the editor fragment into ProseMirror JSON with marks and attributes', () => {
    const doc = new Y.Doc();
    const para = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    para.insert(0, [text]);
    const image = new Y.XmlElement('image');
    image.setAttribute('src', '/download/a.png');
    image.setAttribute('alt', 'Team photo');
    doc.getXmlFragment(DOC_FIELD).insert(0, [para, image]);
    text.insert(0, 'Read ');
    text.insert(5, 'the guide', { bold: {}, 'link--x1': { href: 'https://example.com' } });

    const json = docToJson(doc);
    expect(json).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Read ' },
            {
              type: 'text',
              text: 'the guide',
              marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.com' } }],
            },
          ],
        },
        { type: 'image', attrs: { src: '/download/a.png', alt: 'Team photo' } },
      ],
    });
    expect(jsonToText(json)).toBe('Read the guide\nTeam photo');
  });

  it('puts each table cell and list item on its own line', () => {
    const cell = (t: string) => ({
      type: 'tableCell',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }],
    });
    const text = jsonToText({
      type: 'doc',
      content: [
        { type: 'table', content: [{ type: 'tableRow', content: [cell('Name'), cell('Role')] }] },
        {
          type: 'taskList',
          content: [
            {
              type: 'taskItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Laptop' }] }],
            },
          ],
        },
      ],
    });
    expect(text).toBe('Name\nRole\nLaptop');
  });
});
