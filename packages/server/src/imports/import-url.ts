/**
 * Importing from a URL: the file is fetched under the same address guard as attachments uploaded by URL (no
 * loopback, private or metadata addresses, redirects checked too), streamed to disk under the import size limit.
 * Its format comes from the file name, else from the content type. See docs/imports.md.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest } from '@rowbase/core/errors';
import { fetchGuarded } from '../storage/url-fetch.js';
import { formatOf, type ImportFormat } from './read-rows.js';

const BY_TYPE: Record<string, ImportFormat> = {
  'text/csv': 'csv',
  'text/plain': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/json': 'json',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Downloads `url` to `pathOf(format)`; a 400 when the address is refused, the fetch fails or the file is too big. */
export async function downloadImport(
  url: string,
  maxBytes: number,
  pathOf: (format: ImportFormat) => string,
): Promise<{ path: string; format: ImportFormat; fileName: string }> {
  const fetched = await fetchGuarded(url);
  let format: ImportFormat;
  try {
    format = formatOf(fetched.fileName);
  } catch (err) {
    const byType = fetched.mimetype ? BY_TYPE[fetched.mimetype] : undefined;
    if (!byType) {
      fetched.stream.resume();
      throw badRequest(`url: ${(err as Error).message.replace(/^file: /, '')}`);
    }
    format = byType;
  }
  const file = pathOf(format);
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(badRequest(`url: the file is larger than the limit of ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(fetched.stream, limit, createWriteStream(file));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { path: file, format, fileName: fetched.fileName };
}
