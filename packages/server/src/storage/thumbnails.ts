/**
 * Thumbnails of image attachments, made once at upload so grid cells and gallery covers load small files:
 * `tiny` (64 px), `small` (256 px) and `card_cover` (720 px), each fitting inside a square of that side,
 * never enlarged, as WebP. They live in the same storage as the original, under keys of their own.
 */
import { Readable } from 'node:stream';
import type { FileStorage } from './file-storage.js';

export const THUMBNAIL_SIZES = { tiny: 64, small: 256, card_cover: 720 } as const;
export type ThumbnailName = keyof typeof THUMBNAIL_SIZES;

export interface StoredThumbnail {
  path: string;
  signedPath: string;
}

/** Types sharp reads that browsers also show; anything else gets no thumbnails. */
const THUMBNAILED = /^image\/(png|jpe?g|gif|webp|avif|tiff)$/;

/** At most this many pixels are decoded, so a crafted image cannot exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000;

export function wantsThumbnails(mimetype: string): boolean {
  return THUMBNAILED.test(mimetype);
}

/**
 * Reads the stored original back and writes its thumbnails; returns their keys by name. An image that does not
 * decode simply gets none; the upload itself still succeeds.
 */
export async function makeThumbnails(
  storage: FileStorage,
  key: string,
): Promise<Partial<Record<ThumbnailName, string>> | undefined> {
  const stored = await storage.read(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const original = Buffer.concat(chunks);
  const made: Partial<Record<ThumbnailName, string>> = {};
  try {
    // Loaded with the first image, not at start (docs/performance.md, "Server memory at rest").
    const { default: sharp } = await import('sharp');
    for (const [name, side] of Object.entries(THUMBNAIL_SIZES) as [ThumbnailName, number][]) {
      const image = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const thumbKey = await storage.newKey(`${name}.webp`);
      await storage.write(thumbKey, Readable.from([image]), image.length);
      made[name] = thumbKey;
    }
  } catch {
    await Promise.all(Object.values(made).map((k) => storage.remove(k)));
    return undefined;
  }
  return made;
}
