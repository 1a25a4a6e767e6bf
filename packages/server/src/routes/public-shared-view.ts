/**
 * Public shared-view endpoints (docs/api-compatibility.md Public shared access), v1 and v2 paths. Every request re-opens the
 * share (so a disabled share is a 404 at once) and checks `xc-password`. Only reads are exposed, plus a
 * form's insert; nothing here can update or delete.
 */
import fastifyMultipart from '@fastify/multipart';
import { ViewType } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { siteUrlOf } from '../mail/messages.js';
import { submitSharedForm, type FormSubmission } from '../services/shares/form-submit.js';
import { linkCandidates, linkedRecords } from '../services/shares/shared-links.js';
import { openSharedView } from '../services/shares/shared-view-access.js';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_REQUEST,
  checkAttachmentCount,
  removeAttachment,
  storeAttachment,
} from '../storage/attachments.js';
import { sharedViewMeta } from '../services/shares/shared-view-meta.js';
import { listMapPoints } from '../services/views/map-points.js';
import { groupByView, groupedRows, listViewRows, readViewRow } from '../services/views/view-data.js';
import { exportView } from '../services/views/view-export.js';
import { aggregateView } from '../services/views/view-aggregate.js';
import { viewScope } from '../services/views/view-scope.js';
import { sendFile } from './view-data.js';

type UuidParams = { uuid: string };
type Query = Record<string, unknown>;

export const PUBLIC_SHARED_VIEW_PREFIXES = [
  '/api/v1/db/public/shared-view/:uuid',
  '/api/v2/public/shared-view/:uuid',
] as const;

export async function publicSharedViewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: MAX_ATTACHMENTS_PER_REQUEST, fields: 200 },
    });
    for (const prefix of PUBLIC_SHARED_VIEW_PREFIXES) {
      /** A form's submit: JSON, or multipart with `data` (JSON) and files named by their field. */
      scope.post(`${prefix}/rows`, async (req, reply) => {
        const view = await openSharedView(ctx, req, reply, (req.params as UuidParams).uuid);
        const submission = await readSubmission(ctx, req);
        try {
          return await submitSharedForm(ctx, view, submission, siteUrlOf(ctx.config.publicUrl, req));
        } catch (err) {
          await removeFiles(ctx, submission);
          throw err;
        }
      });
    }
  });

  for (const prefix of PUBLIC_SHARED_VIEW_PREFIXES) {
    app.get(`${prefix}/meta`, async (req, reply) => {
      const view = await openSharedView(ctx, req, reply, (req.params as UuidParams).uuid);
      return sharedViewMeta(ctx, view);
    });

    const scopeOf = async (req: FastifyRequest, reply: FastifyReply) =>
      viewScope(ctx, await openSharedView(ctx, req, reply, (req.params as UuidParams).uuid), true);

    app.get(`${prefix}/rows`, async (req, reply) =>
      listViewRows(ctx, await scopeOf(req, reply), req.query as Query),
    );
    app.get(`${prefix}/map-points`, async (req, reply) =>
      listMapPoints(ctx, await scopeOf(req, reply), req.query as Query),
    );
    app.get(`${prefix}/groupby`, async (req, reply) =>
      groupByView(ctx, await scopeOf(req, reply), req.query as Query),
    );
    app.get(`${prefix}/group/:columnId`, async (req, reply) =>
      groupedRows(
        ctx,
        await scopeOf(req, reply),
        (req.params as { columnId: string }).columnId,
        req.query as Query,
      ),
    );
    app.get(`${prefix}/rows/export/:format`, async (req, reply) => {
      const scope = await scopeOf(req, reply);
      return sendFile(
        reply,
        await exportView(ctx, scope, (req.params as { format: string }).format, req.query as Query),
      );
    });
    app.get(`${prefix}/aggregate`, async (req, reply) =>
      aggregateView(ctx, await scopeOf(req, reply), req.query as Query),
    );
    app.get(`${prefix}/nested/:columnId`, async (req, reply) =>
      linkCandidates(
        ctx,
        await scopeOf(req, reply),
        (req.params as { columnId: string }).columnId,
        req.query as Query,
      ),
    );
    app.get(`${prefix}/rows/:rowId/:relationType/:columnId`, async (req, reply) => {
      const p = req.params as { rowId: string; relationType: string; columnId: string };
      const scope = await scopeOf(req, reply);
      if (scope.view.type === ViewType.FORM) throw badRequest('A shared form does not expose rows');
      return linkedRecords(ctx, scope, p.rowId, p.relationType, p.columnId, req.query as Query);
    });
    app.get(`${prefix}/rows/:rowId`, async (req, reply) =>
      readViewRow(
        ctx,
        await scopeOf(req, reply),
        (req.params as { rowId: string }).rowId,
        req.query as Query,
      ),
    );
  }
}

async function readSubmission(ctx: AppContext, req: FastifyRequest): Promise<FormSubmission> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('The body must be a JSON object');
    return { data: body as Record<string, unknown>, files: [] };
  }
  const submission: FormSubmission = { data: {}, files: [] };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        checkAttachmentCount(submission.files.length + 1);
        const attachment = await storeAttachment(ctx.storage, part.file, part.filename, part.mimetype);
        submission.files.push({ field: part.fieldname.replace(/\[\]$/, ''), attachment });
      } else if (part.fieldname === 'data') {
        submission.data = { ...submission.data, ...parseData(part.value) };
      } else {
        submission.data[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await removeFiles(ctx, submission);
    throw err;
  }
  return submission;
}

function parseData(value: unknown): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(String(value));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw badRequest('data must be a JSON object of field values');
}

async function removeFiles(ctx: AppContext, s: FormSubmission): Promise<void> {
  await Promise.all(s.files.map((f) => removeAttachment(ctx.storage, f.attachment)));
}
