import { describe, expect, it } from 'vitest';
import { sheetRowBatches, type SheetContext } from './xlsx-sheet-rows.js';
import { countRowTags } from './xlsx-sheets.js';
import { cellNumberStyles, numberStyleOf } from './xlsx-styles.js';
import { readSharedStrings } from './xlsx-shared-strings.js';

/** The text's UTF-8 bytes cut into chunks of `size` bytes, cutting tags, entities and characters apart. */
async function* chunked(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const context: SheetContext = {
  sharedStrings: ['shared one', null, 'shared & three'],
  numberStyles: ['plain', 'dollar', 'date'],
  date1904: false,
};

const rowsOf = async (xml: string, size: number, ctx = context) => {
  const rows: unknown[][] = [];
  for await (const batch of sheetRowBatches(chunked(xml, size), ctx)) rows.push(...batch);
  return rows;
};

/** A sheet as other writers than exceljs write it: a namespace prefix, inline rich text, cells without `r`. */
const SHEET = `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by hand -->
<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c><x:c r="D1" t="s"><x:v>1</x:v></x:c></x:row>
<x:row r="2"><x:c t="inlineStr"><x:is><x:r><x:rPr><x:b/></x:rPr><x:t>Zürich </x:t></x:r><x:r><x:t xml:space="preserve">&lt;b&gt; ✓ </x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:is></x:c><x:c><x:v>2.5</x:v></x:c><x:c s="1"><x:v>12</x:v></x:c></x:row>
<x:row r="3"/>
<x:row r="7"><x:c r="B7" t="b"><x:v>0</x:v></x:c><x:c r="C7" t="e"><x:v>#REF!</x:v></x:c><x:c r="D7" s="2"><x:v>45356.5</x:v></x:c><x:c r="E7" s="2"/><x:c r="F7" t="str"><x:f>A1&amp;"!"</x:f><x:v>a&#10;b\r\nc</x:v></x:c></x:row>
<x:row r="8"><x:c r="AA8" t="d"><x:v>2024-03-05T00:00:00Z</x:v></x:c><x:c r="AB8" t="str"><x:v><![CDATA[<kept> & raw]]></x:v></x:c></x:row>
</x:sheetData></x:worksheet>`;

const EXPECTED = [
  ['shared one', null, 'shared & three', null],
  ['Zürich <b> ✓ ', { value: 2.5, formatted: '2.5' }, { value: 12, formatted: '$12' }],
  [],
  [null, false, '#REF!', new Date(Date.UTC(2024, 2, 5, 12)), null, 'a\nb\nc'],
  [...Array<null>(26).fill(null), new Date(Date.UTC(2024, 2, 5)), '<kept> & raw'],
];

describe('reading the XML of a sheet', () => {
  it('reads every kind of cell the same however the XML is cut into chunks', async () => {
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) expect(await rowsOf(SHEET, size)).toEqual(EXPECTED);
  });

  it('counts row elements however the XML is cut, with or without a prefix', async () => {
    const count = async (xml: string, size: number) => countRowTags(chunked(xml, size));
    const plain = SHEET.replace(/x:/g, '').replace(/xmlns:x=/, 'xmlns=');
    for (const size of [1, 5, 64, 1 << 20]) {
      expect(await count(SHEET, size)).toBe(5);
      expect(await count(plain, size)).toBe(5);
    }
    expect(await rowsOf(plain, 5)).toEqual(EXPECTED);
  });

  it('counts days from 1904 when the workbook says so', async () => {
    const rows = await rowsOf(SHEET, 64, { ...context, date1904: true });
    expect(rows[3]![3]).toEqual(new Date(Date.UTC(2028, 2, 6, 12)));
  });
});

describe('reading shared strings and styles', () => {
  it('joins rich text runs, leaves out phonetic guides, and reads an empty item as null', async () => {
    const xml =
      '<sst xmlns="x" count="4"><si><t>plain &amp; simple</t></si><si><t/></si>' +
      '<si><r><t>Bo</t></r><r><rPr><i/></rPr><t xml:space="preserve">ld ✓</t></r><rPh sb="0"><t>ボ</t></rPh></si>' +
      '<si><r><t></t></r></si></sst>';
    for (const size of [1, 3, 1 << 20])
      expect(await readSharedStrings(chunked(xml, size))).toEqual(['plain & simple', null, 'Bold ✓', '']);
  });

  it('tells dates and "$" formats by the cell formats, built-in and custom', () => {
    const xml =
      '<styleSheet><numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00"/>' +
      '<numFmt numFmtId="165" formatCode="[$-409]d\\-mmm\\-yyyy"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="14"/>' +
      '<xf numFmtId="7"/><xf numFmtId="10"/></cellXfs></styleSheet>';
    expect(cellNumberStyles(xml)).toEqual(['plain', 'dollar', 'date', 'date', 'dollar', 'plain']);
    expect(numberStyleOf('[Red]#,##0.00 "days"')).toBe('plain');
    expect(numberStyleOf('[$€-407] #,##0')).toBe('plain');
    expect(numberStyleOf('[$$-409]#,##0')).toBe('dollar');
    expect(numberStyleOf('#,##0\\ "USD"')).toBe('plain');
  });
});
