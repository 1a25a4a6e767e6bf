/**
 * The sheet names of an xlsx workbook, in tab order, read from its `xl/workbook.xml` alone (found through the zip
 * directory and inflated on its own), so listing the sheets of a big workbook unpacks a few hundred bytes.
 * Hidden sheets are listed too. A sheet's rows are counted by scanning its unpacked XML for row elements, far
 * cheaper than reading its cells. See docs/imports.md.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { guardXlsx, zipDirectory, type ZipEntry } from './xlsx-guard.js';

const LOCAL_HEADER = 0x04034b50;
/** workbook.xml lists sheets and defined names; past this it is not a workbook part anyone writes. */
const MAX_WORKBOOK_PART = 16 * 1024 * 1024;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : XML_ENTITIES[e.toLowerCase()]!,
  );

/** Where an entry's data starts: after its local header, whose name and extra field lengths are its own. */
async function dataStart(path: string, entry: ZipEntry): Promise<number> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(30);
    await file.read(header, 0, 30, entry.offset);
    if (header.readUInt32LE(0) !== LOCAL_HEADER)
      throw new Error('The file is not an xlsx workbook (a broken zip entry)');
    return entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await file.close();
  }
}

/** A small part of the workbook (workbook.xml, its relationships) as text. */
async function smallPart(path: string, entries: ZipEntry[], name: string): Promise<string> {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`The file is not an xlsx workbook (no ${name})`);
  if (entry.unpackedBytes > MAX_WORKBOOK_PART || entry.packedBytes > MAX_WORKBOOK_PART)
    throw new Error('The file is not a readable xlsx workbook (its workbook part is too large)');
  const start = await dataStart(path, entry);
  const packed = Buffer.alloc(entry.packedBytes);
  const file = await open(path, 'r');
  try {
    await file.read(packed, 0, entry.packedBytes, start);
  } finally {
    await file.close();
  }
  try {
    return (entry.method === 0 ? packed : inflateRawSync(packed)).toString('utf8');
  } catch {
    throw new Error('The file is not a readable xlsx workbook (its workbook part does not unpack)');
  }
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The workbook's sheets in tab order: name and the zip entry holding the sheet. */
async function sheetParts(path: string): Promise<{ name: string; part?: string }[]> {
  await guardXlsx(path);
  const entries = await zipDirectory(path);
  const workbook = await smallPart(path, entries, 'xl/workbook.xml');
  const rels = entries.some((e) => e.name === 'xl/_rels/workbook.xml.rels')
    ? await smallPart(path, entries, 'xl/_rels/workbook.xml.rels')
    : '';
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target)
      targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  }
  return [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map(([tag]) => {
    const id = attr(tag, '(?:\\w+:)?id');
    const part = id ? targets.get(id) : undefined;
    return { name: unescapeXml(attr(tag, 'name') ?? ''), ...(part ? { part } : {}) };
  });
}

/** A row element's opening tag, perhaps with a namespace prefix. */
const ROW_TAG = /<(?:\w{1,8}:)?row[\s>/]/g;
/** Characters carried to the next chunk: more than the longest row tag. */
const KEEP = 16;

/** The names of the workbook's sheets, first tab first. */
export async function sheetNames(path: string): Promise<string[]> {
  return (await sheetParts(path)).map((s) => s.name);
}

/**
 * The number of row elements in a sheet (the first one when not named): its rows as the reader gives them, for
 * "N of T" progress. Undefined when the sheet's part cannot be found.
 */
export async function sheetRowCount(path: string, sheet?: string): Promise<number | undefined> {
  const sheets = await sheetParts(path);
  const part = (sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet))?.part;
  const entry = part ? (await zipDirectory(path)).find((e) => e.name === part) : undefined;
  if (!entry || (entry.method !== 0 && entry.method !== 8)) return undefined;
  const start = await dataStart(path, entry);
  const raw = createReadStream(path, { start, end: start + entry.packedBytes - 1 });
  const stream = entry.method === 0 ? raw : raw.pipe(createInflateRaw());
  let rows = 0;
  // Latin-1 keeps one character per byte. A tag cut between chunks is counted from the carried tail: only
  // tags starting before the tail are counted in a round.
  let tail = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = tail + chunk.toString('latin1');
    const limit = text.length - KEEP;
    for (const m of text.matchAll(ROW_TAG)) if (m.index < limit) rows++;
    tail = text.slice(Math.max(0, limit));
  }
  for (const _ of tail.matchAll(ROW_TAG)) rows++;
  return rows;
}
