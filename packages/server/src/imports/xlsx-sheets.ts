/**
 * The workbook part of an xlsx file: its sheet names in tab order, the zip entry of each sheet, of the styles and
 * of the shared strings, and its date system — read from `xl/workbook.xml` and its relationships alone (found
 * through the zip directory and inflated on their own), so listing the sheets of a big workbook unpacks a few
 * hundred bytes. Hidden sheets are listed too. A sheet's rows are counted by scanning its unpacked XML for row
 * elements, far cheaper than reading its cells. See docs/imports.md.
 */
import { guardXlsx, zipDirectory, type ZipEntry } from './xlsx-guard.js';
import { decodeXml } from './xlsx-xml.js';
import { partStream, smallPart } from './xlsx-zip.js';

export interface Workbook {
  entries: ZipEntry[];
  /** In tab order; `part` is the zip entry name of the sheet's XML. */
  sheets: { name: string; part?: string }[];
  /** Zip entry names of the styles and shared strings parts, when the workbook has them. */
  stylesPart?: string;
  sharedStringsPart?: string;
  /** Dates count days from 1904-01-01 rather than 1900. */
  date1904: boolean;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A relationship target as a zip entry name: relative to `xl/`, or absolute from the package root. */
const entryName = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

/** The workbook's parts and sheets, after the decompression-bomb guard. */
export async function readWorkbook(path: string): Promise<Workbook> {
  await guardXlsx(path);
  const entries = await zipDirectory(path);
  const workbook = await smallPart(path, entries, 'xl/workbook.xml');
  const rels = entries.some((e) => e.name === 'xl/_rels/workbook.xml.rels')
    ? await smallPart(path, entries, 'xl/_rels/workbook.xml.rels')
    : '';
  const targets = new Map<string, string>();
  const byType = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    const type = attr(tag, 'Type')?.split('/').pop();
    if (id && target) targets.set(id, entryName(decodeXml(target)));
    if (type && target) byType.set(type, entryName(decodeXml(target)));
  }
  const has = (name: string) => entries.some((e) => e.name === name);
  const part = (type: string, usual: string) => byType.get(type) ?? (has(usual) ? usual : undefined);
  const stylesPart = part('styles', 'xl/styles.xml');
  const sharedStringsPart = part('sharedStrings', 'xl/sharedStrings.xml');
  const workbookPr = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(workbook)?.[0] ?? '';
  const date1904 = attr(workbookPr, 'date1904');
  return {
    entries,
    sheets: [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map(([tag]) => {
      const id = attr(tag, '(?:\\w+:)?id');
      const sheetPart = id ? targets.get(id) : undefined;
      return { name: decodeXml(attr(tag, 'name') ?? ''), ...(sheetPart ? { part: sheetPart } : {}) };
    }),
    ...(stylesPart ? { stylesPart } : {}),
    ...(sharedStringsPart ? { sharedStringsPart } : {}),
    date1904: date1904 === '1' || date1904 === 'true',
  };
}

/** Bytes that may end a row element's name. */
const AFTER_NAME = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);

/**
 * Counts the opening tags `<row` (or `<x:row`, with the prefix the sheet's root element uses) in a part's bytes,
 * searched for with Buffer.indexOf: the count costs little more than inflating the part. A tag cut between two
 * chunks is found in the few bytes carried over.
 */
export async function countRowTags(chunks: AsyncIterable<Buffer>): Promise<number> {
  let rows = 0;
  let tag: Buffer | undefined;
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    if (!tag) {
      const root = /<(?:(\w+):)?worksheet[\s>]/.exec(
        bytes.toString('latin1', 0, Math.min(bytes.length, 4096)),
      );
      if (!root && bytes.length < 4096) {
        tail = bytes;
        continue;
      }
      tag = Buffer.from(root?.[1] ? `<${root[1]}:row` : '<row', 'latin1');
    }
    // A tag is counted once its next byte is in: the last tag.length bytes are carried to the next round.
    const limit = bytes.length - tag.length;
    for (let at = bytes.indexOf(tag); at >= 0 && at < limit; at = bytes.indexOf(tag, at + 1))
      if (AFTER_NAME.has(bytes[at + tag.length]!)) rows++;
    tail = bytes.subarray(Math.max(0, limit));
  }
  return rows;
}

/** The names of the workbook's sheets, first tab first. */
export async function sheetNames(path: string): Promise<string[]> {
  return (await readWorkbook(path)).sheets.map((s) => s.name);
}

/**
 * The number of row elements in a sheet (the first one when not named): its rows as the reader gives them, for
 * "N of T" progress. Undefined when the sheet's part cannot be found.
 */
export async function sheetRowCount(path: string, sheet?: string): Promise<number | undefined> {
  const { sheets, entries } = await readWorkbook(path);
  const part = (sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet))?.part;
  const entry = part ? entries.find((e) => e.name === part) : undefined;
  const stream = entry && (await partStream(path, entry));
  if (!stream) return undefined;
  try {
    return await countRowTags(stream);
  } catch (err) {
    throw new Error(`The file is not a readable xlsx workbook: ${(err as Error).message}`);
  }
}
