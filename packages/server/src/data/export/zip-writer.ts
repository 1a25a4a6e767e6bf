/**
 * A zip of small parts, deflated here, and one large part deflated elsewhere (the SQLite export's reader thread
 * deflates the sheet and keeps its CRC-32): this thread only writes the zip's headers around the bytes it is
 * given, with no deflate or CRC of the large part of its own (docs/imports.md, Exports). The large part comes
 * last, with its sizes and CRC in a data descriptor after it, then the central directory. No zip64: a part or
 * the whole file past 4 GiB is an error.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** A part as it goes into the zip: deflated bytes, with the CRC-32 and length of the bytes before deflating. */
export interface ZipPart {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
}

/** The large part's deflated bytes, a chunk at a time; the last chunk carries the part's CRC-32 and length. */
export interface DeflatedChunk {
  bytes: Buffer;
  /** Set on the last chunk. */
  end?: { crc: number; size: number };
  /** Frees `bytes` (moves them back to the thread they came from), to be called once they are written. */
  spent?: () => void;
}

const MAX_32 = 0xffffffff;
/** Bit 3: sizes and CRC in a data descriptor after the data. Bit 11: the name is UTF-8. */
const FLAG_UTF8 = 1 << 11;
const FLAG_DESCRIPTOR = 1 << 3;
const DEFLATE = 8;
const VERSION = 20;

/** A time as MS-DOS packs it (local time, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return { time, date };
}

/** A small part, deflated at zlib's fastest level. */
export function zipPart(name: string, data: Buffer): ZipPart {
  return { name, deflated: deflateRawSync(data, { level: 1 }), crc: crc32(data), size: data.length };
}

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function check32(n: number, what: string): number {
  if (n > MAX_32) throw new Error(`The export is too large for an xlsx file (${what} past 4 GiB)`);
  return n;
}

function localHeader(w: Omit<Written, 'offset'>, at: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(w.flags, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(at.time, 10);
  b.writeUInt16LE(at.date, 12);
  b.writeUInt32LE(w.crc, 14);
  b.writeUInt32LE(w.compressed, 18);
  b.writeUInt32LE(w.size, 22);
  b.writeUInt16LE(w.name.length, 26);
  return Buffer.concat([b, w.name]);
}

function directoryEntry(w: Written, at: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(w.flags, 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(at.time, 12);
  b.writeUInt16LE(at.date, 14);
  b.writeUInt32LE(w.crc, 16);
  b.writeUInt32LE(check32(w.compressed, 'a part'), 20);
  b.writeUInt32LE(check32(w.size, 'a part'), 24);
  b.writeUInt16LE(w.name.length, 28);
  b.writeUInt32LE(check32(w.offset, 'the file'), 42);
  return Buffer.concat([b, w.name]);
}

function dataDescriptor(w: Written): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(w.crc, 4);
  b.writeUInt32LE(check32(w.compressed, 'a part'), 8);
  b.writeUInt32LE(check32(w.size, 'a part'), 12);
  return b;
}

function directoryEnd(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(check32(offset, 'the file'), 16);
  return b;
}

/**
 * The zip's bytes: `parts`, then `last` named `lastName` as its chunks come (read only as fast as the zip is
 * consumed), then the directory.
 */
export async function* zipBytes(
  parts: readonly ZipPart[],
  lastName: string,
  last: AsyncIterable<DeflatedChunk>,
  at = new Date(),
): AsyncGenerator<Buffer> {
  const dos = dosTime(at);
  const written: Written[] = [];
  let offset = 0;
  const head: Buffer[] = [];
  for (const p of parts) {
    const w = { name: Buffer.from(p.name), flags: FLAG_UTF8, crc: p.crc, compressed: p.deflated.length, size: p.size };
    const header = localHeader(w, dos);
    written.push({ ...w, offset });
    head.push(header, p.deflated);
    offset += header.length + p.deflated.length;
  }
  const big: Written = { name: Buffer.from(lastName), flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset };
  const header = localHeader(big, dos);
  head.push(header);
  offset += header.length;
  yield Buffer.concat(head);
  let ended = false;
  for await (const chunk of last) {
    if (chunk.bytes.length) yield chunk.bytes;
    big.compressed += chunk.bytes.length;
    if (chunk.end) {
      big.crc = chunk.end.crc;
      big.size = chunk.end.size;
      ended = true;
    }
  }
  if (!ended) throw new Error(`The part ${lastName} ended without its CRC`);
  const descriptor = dataDescriptor(big);
  offset += big.compressed + descriptor.length;
  written.push(big);
  const directory = Buffer.concat(written.map((w) => directoryEntry(w, dos)));
  yield Buffer.concat([descriptor, directory, directoryEnd(written.length, directory.length, offset)]);
}
