/**
 * The sheet names of an xlsx workbook, in tab order, read from its `xl/workbook.xml` alone (found through the zip
 * directory and inflated on its own), so listing the sheets of a big workbook unpacks a few hundred bytes.
 * Hidden sheets are listed too. See docs/imports.md.
 */
import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { guardXlsx, zipDirectory } from './xlsx-guard.js';

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

/** The names of the workbook's sheets, first tab first. */
export async function sheetNames(path: string): Promise<string[]> {
  await guardXlsx(path);
  const entry = (await zipDirectory(path)).find((e) => e.name === 'xl/workbook.xml');
  if (!entry) throw new Error('The file is not an xlsx workbook (no xl/workbook.xml)');
  if (entry.unpackedBytes > MAX_WORKBOOK_PART || entry.packedBytes > MAX_WORKBOOK_PART)
    throw new Error('The file is not a readable xlsx workbook (its workbook part is too large)');
  const file = await open(path, 'r');
  let packed: Buffer;
  try {
    const header = Buffer.alloc(30);
    await file.read(header, 0, 30, entry.offset);
    if (header.readUInt32LE(0) !== LOCAL_HEADER)
      throw new Error('The file is not an xlsx workbook (a broken zip entry)');
    const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    packed = Buffer.alloc(entry.packedBytes);
    await file.read(packed, 0, entry.packedBytes, start);
  } finally {
    await file.close();
  }
  let xml: string;
  try {
    xml = (entry.method === 0 ? packed : inflateRawSync(packed)).toString('utf8');
  } catch {
    throw new Error('The file is not a readable xlsx workbook (its workbook part does not unpack)');
  }
  return [...xml.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((m) => unescapeXml(m[1]!));
}
