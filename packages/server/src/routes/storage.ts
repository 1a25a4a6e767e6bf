/**
 * Attachments (docs/api-compatibility.md Storage): POST /api/v1/db/storage/upload (multipart) and /upload-by-url, and the
 * stored files served back under /download/. Uploading needs a signed-in user; a file's key is random and
 * unguessable, so downloads are open like NocoDB's.
 */
import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import { badRequest, notFound } from '@rowbase/core/errors';
import { S3_KEY_PREFIX } from '../plugins/routing.js';
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
  removeAttachment,
  storeAttachment,
  storeFromUrls,
  type AttachmentObject,
} from '../storage/attachments.js';
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
        await Promise.all(stored.map((a) => removeAttachment(ctx.storage, a)));
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

  // Files in S3 are private: their address answers with a redirect to a short-lived signed URL.
  app.get('/' + DOWNLOAD_PREFIX + S3_KEY_PREFIX + '*', async (req, reply) => {
    const key = S3_KEY_PREFIX + (req.params as { '*': string })['*'];
    const url = await ctx.storage.signedUrl(key);
    if (!url) throw notFound('File not found');
    return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  });

  const root = ctx.storage.local.root;
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
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
