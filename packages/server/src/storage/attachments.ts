/**
 * Attachment uploads: files from a multipart body or fetched from a URL go to the file storage under a
 * server-made key, and come back as NocoDB attachment objects `{ path, title, mimetype, size, signedPath }`.
 */
import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '@rowbase/core/errors';
import type { FileStorage } from './file-storage.js';
import { makeThumbnails, wantsThumbnails, type StoredThumbnail, type ThumbnailName } from './thumbnails.js';
import { fetchGuarded, type FetchGuardOptions } from './url-fetch.js';

/** docs/behaviour/fields.md, docs/behaviour/limits.md: ncAttachmentFieldSize 20 (MB) and ncMaxAttachmentsAllowed 10. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_REQUEST = 10;

/** Where stored files are served. */
export const DOWNLOAD_PREFIX = 'download/';

export interface AttachmentObject {
  path: string;
  title: string;
  mimetype: string;
  size: number;
  signedPath: string;
  /** Smaller copies of an image (see `thumbnails.ts`). */
  thumbnails?: Partial<Record<ThumbnailName, StoredThumbnail>>;
}

/** A display name without folders or control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return clean || 'file';
}

export async function storeAttachment(
  storage: FileStorage,
  data: Readable,
  fileName: string | undefined,
  mimetype: string | undefined,
): Promise<AttachmentObject> {
  const title = cleanFileName(fileName);
  const key = await storage.newKey(title);
  const size = await storage.write(key, data, MAX_ATTACHMENT_BYTES);
  const path = DOWNLOAD_PREFIX + key;
  const type = mimetype || 'application/octet-stream';
  const attachment: AttachmentObject = { path, title, mimetype: type, size, signedPath: path };
  if (wantsThumbnails(type)) {
    const made = await makeThumbnails(storage, key);
    if (made) {
      attachment.thumbnails = {};
      for (const [name, thumbKey] of Object.entries(made) as [ThumbnailName, string][]) {
        attachment.thumbnails[name] = {
          path: DOWNLOAD_PREFIX + thumbKey,
          signedPath: DOWNLOAD_PREFIX + thumbKey,
        };
      }
    }
  }
  return attachment;
}

/** Removes a stored attachment and its thumbnails (used when a multi-file upload fails part-way). */
export async function removeAttachment(storage: FileStorage, a: AttachmentObject): Promise<void> {
  const paths = [a.path, ...Object.values(a.thumbnails ?? {}).map((t) => t.path)];
  await Promise.all(paths.map((p) => storage.remove(p.slice(DOWNLOAD_PREFIX.length))));
}

export function checkAttachmentCount(n: number): void {
  if (n > MAX_ATTACHMENTS_PER_REQUEST) {
    throw new AppError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      `At most ${MAX_ATTACHMENTS_PER_REQUEST} attachments can be uploaded at once`,
    );
  }
}

/** Fetches each URL under the SSRF guard and stores it; all or nothing. */
export async function storeFromUrls(
  storage: FileStorage,
  items: readonly { url: string; fileName?: string; mimetype?: string }[],
  guard: FetchGuardOptions = {},
): Promise<AttachmentObject[]> {
  checkAttachmentCount(items.length);
  const out: AttachmentObject[] = [];
  try {
    for (const item of items) {
      const fetched = await fetchGuarded(item.url, guard);
      out.push(
        await storeAttachment(
          storage,
          fetched.stream,
          item.fileName || fetched.fileName,
          item.mimetype || fetched.mimetype,
        ),
      );
    }
  } catch (err) {
    await Promise.all(out.map((a) => removeAttachment(storage, a)));
    throw err;
  }
  return out;
}
