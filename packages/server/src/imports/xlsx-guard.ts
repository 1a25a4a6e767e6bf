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

/** The total unpacked size the zip's directory declares; throws when the file is not a readable zip. */
export async function declaredUnpackedBytes(path: string): Promise<number> {
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
    const entries = tail.readUInt16LE(at + 10);
    const dirSize = tail.readUInt32LE(at + 12);
    const dirOffset = tail.readUInt32LE(at + 16);
    // ZIP64 markers: sizes past 4 GiB, past any sensible workbook.
    if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return Infinity;
    if (dirOffset + dirSize > size)
      throw new Error('The file is not an xlsx workbook (a broken zip directory)');
    const dir = Buffer.alloc(dirSize);
    await file.read(dir, 0, dirSize, dirOffset);
    let total = 0;
    for (let p = 0, n = 0; n < entries; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== DIRECTORY_ENTRY)
        throw new Error('The file is not an xlsx workbook (a broken zip directory)');
      const unpacked = dir.readUInt32LE(p + 24);
      if (unpacked === 0xffffffff) return Infinity;
      total += unpacked;
      p += 46 + dir.readUInt16LE(p + 28) + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    }
    return total;
  } finally {
    await file.close();
  }
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
