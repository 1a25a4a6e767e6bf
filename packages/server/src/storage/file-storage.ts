/**
 * Where attachments live, behind a small interface: the local folder `DATA_DIR/uploads` here; an
 * S3-compatible store plugs in behind the same interface when scaled out (docs/architecture.md).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, ErrorCode } from '@rowbase/core/errors';

export interface FileStorage {
  /** Writes `data` under `key`; fails with 413 (and keeps nothing) past `maxBytes`. Returns the size. */
  write(key: string, data: Readable, maxBytes: number): Promise<number>;
  /** The file's bytes, or undefined when there is no such key. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  remove(key: string): Promise<void>;
}

/** Keys are ours alone: `<yyyy-mm>/<random>.<ext>`, nothing from the client but a cleaned extension. */
const KEY_RE = /^\d{4}-\d{2}\/[a-z0-9]{24}(\.[a-z0-9]{1,10})?$/;

export function isStorageKey(key: string): boolean {
  return KEY_RE.test(key);
}

/** A fresh key keeping the file's extension when it is plain. @example newStorageKey('cat.PNG') // '2026-11/k3…q.png' */
export function newStorageKey(fileName: string, now = new Date()): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  const id = randomBytes(18)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 24);
  return `${now.toISOString().slice(0, 7)}/${id}${ext ? `.${ext}` : ''}`;
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `File size exceeds the limit of ${Math.round(maxBytes / (1024 * 1024))} MB`,
  );
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    if (!isStorageKey(key)) throw new AppError(ErrorCode.NOT_FOUND, 'File not found');
    return path.join(this.root, key);
  }

  async write(key: string, data: Readable, maxBytes: number): Promise<number> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    let size = 0;
    data.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) data.destroy(fileTooLarge(maxBytes));
    });
    try {
      await pipeline(data, createWriteStream(file, { flags: 'wx' }));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    if ((data as { truncated?: boolean }).truncated) {
      await rm(file, { force: true });
      throw fileTooLarge(maxBytes);
    }
    return size;
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!isStorageKey(key)) return undefined;
    const file = path.join(this.root, key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}
