/**
 * The parts of an xlsx workbook (a zip), read straight from the file through its directory (`xlsx-guard.ts`):
 * a small part whole, a large one as a stream inflated by node:zlib. No part is unpacked before it is asked for,
 * and the order of the parts in the zip does not matter. See docs/imports.md.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import type { ZipEntry } from './xlsx-guard.js';

const LOCAL_HEADER = 0x04034b50;
/** Workbook, relationships and styles parts; past this it is not a part anyone writes. */
const MAX_SMALL_PART = 16 * 1024 * 1024;
/** Bytes read from the file and inflated at a time: larger chunks mean fewer scanner rounds per part. */
const CHUNK = 256 * 1024;

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

/** A small part of the workbook (workbook.xml, its relationships, styles) as text. */
export async function smallPart(path: string, entries: ZipEntry[], name: string): Promise<string> {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`The file is not an xlsx workbook (no ${name})`);
  if (entry.unpackedBytes > MAX_SMALL_PART || entry.packedBytes > MAX_SMALL_PART)
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

/**
 * A part's unpacked bytes as a stream of chunks; undefined when the part is packed some other way than stored or
 * deflated (no xlsx writer does that).
 */
export async function partStream(path: string, entry: ZipEntry): Promise<AsyncIterable<Buffer> | undefined> {
  if (entry.method !== 0 && entry.method !== 8) return undefined;
  const start = await dataStart(path, entry);
  if (entry.packedBytes === 0) return (async function* () {})();
  const raw = createReadStream(path, { start, end: start + entry.packedBytes - 1, highWaterMark: CHUNK });
  if (entry.method === 0) return raw;
  // pipeline hands a read error of the file on to the inflater, whose reader then throws it.
  return pipeline(raw, createInflateRaw({ chunkSize: CHUNK }), () => {});
}
