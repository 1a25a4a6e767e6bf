/**
 * Attachments (docs/api-compatibility.md Storage): POST /api/v1/db/storage/upload (multipart) and /upload-by-url, and the
 * stored files served back under /download/. Uploading needs a signed-in user; a file's key is random and
 * unguessable, so downloads are open like NocoDB's.
 */
import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import { badRequest } from '@rowbase/core/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_REQUEST,
  DOWNLOAD_PREFIX,
  checkAttachmentCount,
  storeAttachment,
  storeFromUrls,
  type AttachmentObject,
} from '../storage/attachments.js';
import { LocalFileStorage } from '../storage/file-storage.js';
import type { FetchGuardOptions } from '../storage/url-fetch.js';

const uploadByUrlBody = z
  .array(
    z.object({
      url: z.string().min(1, 'url is required'),
      fileName: z.string().optional(),
      mimetype: z.string().optional(),
    }),
  )
  .min(1, 'at least one URL is required');

/** Types a browser may show inline; anything else downloads, so an uploaded page never runs on our origin. */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp|avif|bmp)|video\/|audio\/|application\/pdf|text\/plain)/;

export async function storageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: FetchGuardOptions = {},
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: MAX_ATTACHMENTS_PER_REQUEST, fields: 20 },
    });

    scope.post('/api/v1/db/storage/upload', async (req): Promise<AttachmentObject[]> => {
      requireUser(req);
      if (!req.isMultipart()) throw badRequest('A multipart/form-data body with files is expected');
      const stored: AttachmentObject[] = [];
      try {
        for await (const part of req.files()) {
          checkAttachmentCount(stored.length + 1);
          stored.push(await storeAttachment(ctx.storage, part.file, part.filename, part.mimetype));
        }
      } catch (err) {
        await Promise.all(stored.map((a) => ctx.storage.remove(a.path.slice(DOWNLOAD_PREFIX.length))));
        throw err;
      }
      if (!stored.length) throw badRequest('No file in the upload');
      return stored;
    });

    scope.post('/api/v1/db/storage/upload-by-url', async (req): Promise<AttachmentObject[]> => {
      requireUser(req);
      return storeFromUrls(ctx.storage, parseWith(uploadByUrlBody, req.body), guard);
    });
  });

  if (!(ctx.storage instanceof LocalFileStorage)) return;
  mkdirSync(ctx.storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: ctx.storage.root,
    prefix: '/' + DOWNLOAD_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; sandbox");
      const type = String(res.getHeader('content-type') ?? '');
      if (!INLINE_TYPES.test(type)) res.header('content-disposition', 'attachment');
    },
  });
}
