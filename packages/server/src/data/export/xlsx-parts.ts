/**
 * The parts of a one-sheet workbook byte for byte as exceljs's streaming writer writes them (content types,
 * relationships, workbook, styles, theme, document properties), and its sheet part cut around the data rows:
 * `head` ends with the header row, `tail` closes the sheet data and the sheet. The SQLite export writes its data
 * rows between the two itself and zips the workbook with zip-writer.ts (docs/imports.md, Exports).
 *
 * Written here from fixed text, without loading exceljs (about 20 MB of a server's RSS, kept once loaded; see
 * docs/performance.md, "Server memory at rest and during an export"). xlsx-parts.test.ts checks every part
 * against the workbook exceljs writes for the same title and header.
 */
import { createRequire } from 'node:module';
import { cell, columnOf } from './sheet-xml.js';
import { sheetName } from './xlsx-stream.js';

export interface WorkbookParts {
  /** Every part but the sheet, by path in the package, in exceljs's order. */
  parts: { name: string; data: Buffer }[];
  /** The sheet part's path. */
  sheetPath: string;
  /** The sheet part up to the end of the header row. */
  head: string;
  /** The sheet part after its data rows. */
  tail: string;
}

/** exceljs's theme part: one small module of text, not the library. */
const THEME = createRequire(import.meta.url)('exceljs/lib/xlsx/xml/theme1.js') as string;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/**
 * Text or an attribute value as exceljs's xmlEncode writes it: the five entities, control characters other than
 * tab, line feed and carriage return dropped, and DEL dropped.
 */
function xmlEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c === 0x7f || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d)) continue;
    out += XML_ENTITIES[ch] ?? ch;
  }
  return out;
}

const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_PATH = 'xl/worksheets/sheet1.xml';

const ROOT_RELS =
  `${XML_DECLARATION}\n<Relationships xmlns="${RELS}">` +
  `<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="${RELS}/metadata/core-properties" Target="docProps/core.xml"/>` +
  `<Relationship Id="rId3" Type="${DOC_RELS}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const OOXML = 'application/vnd.openxmlformats';
const CONTENT_TYPES =
  `${XML_DECLARATION}\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="${OOXML}-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="${OOXML}-officedocument.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/${SHEET_PATH}" ContentType="${OOXML}-officedocument.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/theme/theme1.xml" ContentType="${OOXML}-officedocument.theme+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${OOXML}-officedocument.spreadsheetml.styles+xml"/>` +
  `<Default Extension="vml" ContentType="${OOXML}-officedocument.vmlDrawing"/>` +
  `<Override PartName="/docProps/core.xml" ContentType="${OOXML}-package.core-properties+xml"/>` +
  `<Override PartName="/docProps/app.xml" ContentType="${OOXML}-officedocument.extended-properties+xml"/></Types>`;

const appProperties = (sheet: string) =>
  `${XML_DECLARATION}\n<Properties xmlns="${DOC_RELS.replace('relationships', 'extended-properties')}" ` +
  `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
  '<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
  '<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>' +
  '<vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts>' +
  `<vt:vector size="1" baseType="lpstr"><vt:lpstr>${xmlEncode(sheet)}</vt:lpstr></vt:vector></TitlesOfParts>` +
  '<Company></Company><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc>' +
  '<HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>';

/** `at`: when the workbook is written, to the second, as exceljs dates it. */
const coreProperties = (at: Date) => {
  const when = at.toISOString().replace(/[.]\d{3}/, '');
  const dated = (tag: string) => `<dcterms:${tag} xsi:type="dcterms:W3CDTF">${when}</dcterms:${tag}>`;
  return (
    `${XML_DECLARATION}\n<cp:coreProperties xmlns:cp="${RELS.replace('relationships', 'metadata/core-properties')}" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>ExcelJS</dc:creator><cp:lastModifiedBy>ExcelJS</cp:lastModifiedBy>${dated('created')}` +
    `${dated('modified')}</cp:coreProperties>`
  );
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const MARKUP = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const X14AC = 'http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac';
const STYLES =
  `${XML_DECLARATION}\n<styleSheet xmlns="${MAIN}" xmlns:mc="${MARKUP}" mc:Ignorable="x14ac x16r2" ` +
  `xmlns:x14ac="${X14AC}" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main">` +
  '<fonts x14ac:knownFonts="1" count="1"><font><color theme="1"/><family val="2"/><scheme val="minor"/>' +
  '<sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/>' +
  '</fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/>' +
  '<top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" ' +
  'fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" ' +
  'borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>' +
  '</cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" ' +
  'defaultPivotStyle="PivotStyleLight16"/><extLst><ext uri="{EB79DEF2-80B8-43e5-95BD-54CBDDF9020C}" ' +
  'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:slicerStyles ' +
  'defaultSlicerStyle="SlicerStyleLight1"/></ext><ext uri="{9260A510-F301-46a8-8635-F512D64BE5F5}" ' +
  'xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"><x15:timelineStyles ' +
  'defaultTimelineStyle="TimeSlicerStyleLight1"/></ext></extLst></styleSheet>';

const WORKBOOK_RELS =
  `${XML_DECLARATION}\n<Relationships xmlns="${RELS}">` +
  `<Relationship Id="rId1" Type="${DOC_RELS}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId2" Type="${DOC_RELS}/theme" Target="theme/theme1.xml"/>` +
  `<Relationship Id="rId3" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

const workbook = (sheet: string) =>
  `${XML_DECLARATION}\n<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}" xmlns:mc="${MARKUP}" mc:Ignorable="x15" ` +
  'xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"><fileVersion appName="xl" ' +
  'lastEdited="5" lowestEdited="5" rupBuild="9303"/><workbookPr defaultThemeVersion="164011" filterPrivacy="1"/>' +
  `<sheets><sheet sheetId="1" name="${xmlEncode(sheet)}" state="visible" r:id="rId3"/></sheets>` +
  '<calcPr calcId="171027"/></workbook>';

const SHEET_HEAD =
  `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${DOC_RELS}" xmlns:mc="${MARKUP}" ` +
  `mc:Ignorable="x14ac" xmlns:x14ac="${X14AC}"><sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" ` +
  'outlineLevelCol="0" x14ac:dyDescent="55"/><sheetData>';

const SHEET_TAIL =
  '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
  '<pageSetup orientation="portrait" horizontalDpi="4294967295" verticalDpi="4294967295" scale="100" ' +
  'fitToWidth="1" fitToHeight="1"/></worksheet>';

/**
 * The header row as exceljs writes it: text cells, empty titles left out but inside its span; no row when every
 * title is empty.
 */
function headerRow(header: readonly string[]): string {
  const cells = header.map((h) => cell(h));
  const filled = cells.flatMap((v, i) => (v === null ? [] : [i]));
  if (!filled.length) return '';
  let xml = `<row r="1" spans="1:${cells.length}" x14ac:dyDescent="0.25">`;
  for (const i of filled) xml += `<c r="${columnOf(i)}1" t="str"><v>${xmlEncode(String(cells[i]))}</v></c>`;
  return `${xml}</row>`;
}

/** The workbook exceljs writes for a sheet named after `title` holding only `header`, cut for the data rows. */
export function workbookParts(title: string, header: readonly string[], at = new Date()): WorkbookParts {
  const sheet = sheetName(title);
  const part = (name: string, text: string) => ({ name, data: Buffer.from(text) });
  return {
    parts: [
      part('xl/theme/theme1.xml', THEME),
      part('_rels/.rels', ROOT_RELS),
      part('[Content_Types].xml', CONTENT_TYPES),
      part('docProps/app.xml', appProperties(sheet)),
      part('docProps/core.xml', coreProperties(at)),
      part('xl/styles.xml', STYLES),
      part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
      part('xl/workbook.xml', workbook(sheet)),
    ],
    sheetPath: SHEET_PATH,
    head: SHEET_HEAD + headerRow(header),
    tail: SHEET_TAIL,
  };
}
