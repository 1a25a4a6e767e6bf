/**
 * The decompression-bomb guard for xlsx uploads: before a workbook is read, the sizes its zip directory declares
 * are added up, and a workbook that would unpack to more than RB_IMPORT_MAX_XLSX_BYTES (4 GiB by default) is
 * refused, as is one whose directory cannot be read. See docs/imports.md.
 */
import { open } from 'node:fs/promises';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end-of-directory record is 22 bytes plus a comment of up to 65,535. */
const TAIL_BYTES = 22 + 0xffff;

/** The unpacked size allowed for one workbook. */
export const maxXlsxBytes = () => Number(process.env.RB_IMPORT_MAX_XLSX_BYTES) || 4 * 1024 ** 3;

/** One file of a zip as its directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  packedBytes: number;
  /** Infinity for a ZIP64 size (past 4 GiB). */
  unpackedBytes: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const broken = () => new Error('The file is not an xlsx workbook (a broken zip directory)');

/** The zip's directory, read from the end of the file; throws when the file is not a readable zip. */
export async function zipDirectory(path: string): Promise<ZipEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let at = -1;
    for (let i = tailLength - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        at = i;
        break;
      }
    if (at < 0) throw new Error('The file is not an xlsx workbook (no zip directory)');
    const count = tail.readUInt16LE(at + 10);
    const dirSize = tail.readUInt32LE(at + 12);
    const dirOffset = tail.readUInt32LE(at + 16);
    // ZIP64 markers: sizes past 4 GiB, past any sensible workbook.
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff)
      return [{ name: '', method: 0, packedBytes: Infinity, unpackedBytes: Infinity, offset: 0 }];
    if (dirOffset + dirSize > size) throw broken();
    const dir = Buffer.alloc(dirSize);
    await file.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    for (let p = 0, n = 0; n < count; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== DIRECTORY_ENTRY) throw broken();
      const nameLength = dir.readUInt16LE(p + 28);
      const unpacked = dir.readUInt32LE(p + 24);
      entries.push({
        name: dir.toString('utf8', p + 46, p + 46 + nameLength),
        method: dir.readUInt16LE(p + 10),
        packedBytes: dir.readUInt32LE(p + 20),
        unpackedBytes: unpacked === 0xffffffff ? Infinity : unpacked,
        offset: dir.readUInt32LE(p + 42),
      });
      p += 46 + nameLength + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** The total unpacked size the zip's directory declares; throws when the file is not a readable zip. */
export async function declaredUnpackedBytes(path: string): Promise<number> {
  return (await zipDirectory(path)).reduce((sum, e) => sum + e.unpackedBytes, 0);
}

/** Refuses a workbook that would unpack to more than the limit. */
export async function guardXlsx(path: string): Promise<void> {
  const bytes = await declaredUnpackedBytes(path);
  const max = maxXlsxBytes();
  if (bytes > max)
    throw new Error(
      `The workbook would unpack to more than ${max} bytes (RB_IMPORT_MAX_XLSX_BYTES); it is refused as a possible decompression bomb`,
    );
}
