/**
 * Imports (docs/imports.md): `POST /api/v1/db/meta/projects/{baseId}/import` takes a multipart upload — `file`
 * (CSV, TSV, JSON or xlsx) and an optional `options` field (JSON: title, the import options, column choices) — streams
 * it to disk under a size limit and starts an `import-table` job, answering `{ id }` (the job's id) at once.
 * `POST …/import/preview` answers the detected fields and the first rows without importing (and, for a workbook,
 * its sheet names). Options `sheet` / `sheets` pick one worksheet, or several each into a table of its own.
 * `POST /api/v1/db/meta/tables/{tableId}/import` appends a file's rows to an existing table (job `import-rows`).
 * `GET /api/v1/db/meta/imports/{jobId}/skipped.csv` downloads the rows a finished import skipped, with reasons.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { badRequest } from '@rowbase/core/errors';
import { DEFAULT_IMPORT_OPTIONS } from '@rowbase/core/import/import-plan';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireBaseAccess, requireTableAccess } from '../http/base-access.js';
import { parseWith } from '../http/validate.js';
import {
  IMPORT_TABLE_JOB,
  planFile,
  type ImportTableInput,
  type ImportTableResult,
  type SkippedRow,
} from '../imports/import-job.js';
import { formatOf, type ImportFormat } from '../imports/read-rows.js';
import {
  forgetGrowingUpload,
  growingUploadWriter,
  registerGrowingUpload,
  type UploadGrowth,
} from '../imports/growing-upload.js';
import { isFinished } from '../jobs/job-queue.js';
import { LocalJobQueue } from '../jobs/local-queue.js';
import { downloadImport } from '../imports/import-url.js';
import { sheetNames } from '../imports/xlsx-sheets.js';
import { IMPORT_ROWS_JOB, importableField, type AppendRowsInput } from '../imports/append-job.js';
import { uniqueName } from '../services/tables-naming.js';
import { visibleJob } from './jobs.js';

/** Upload limit: RB_IMPORT_MAX_BYTES, 1 GiB unless set. */
const maxBytes = () => Number(process.env.RB_IMPORT_MAX_BYTES) || 1024 ** 3;
const PREVIEW_ROWS = 20;

const columnChoices = z
  .array(
    z.object({
      index: z.number().int().min(0),
      title: z.string().max(255).optional(),
      uidt: z.string().optional(),
      skip: z.boolean().optional(),
    }),
  )
  .optional();

const importOptionsBody = z.object({
  title: z.string().max(255).optional(),
  autoSelectFieldTypes: z.boolean().optional(),
  shouldImportData: z.boolean().optional(),
  firstRowAsHeaders: z.boolean().optional(),
  normalizeNested: z.boolean().optional(),
  columns: columnChoices,
  /** xlsx: the worksheet to preview or import (the first one when not given). */
  sheet: z.string().min(1).max(255).optional(),
  /** xlsx: several worksheets, each into a new table of its own. */
  sheets: z
    .array(
      z.object({
        name: z.string().min(1).max(255),
        title: z.string().max(255).optional(),
        columns: columnChoices,
      }),
    )
    .min(1)
    .max(100)
    .optional(),
});

const appendOptionsBody = z.object({
  firstRowAsHeaders: z.boolean().optional(),
  normalizeNested: z.boolean().optional(),
  columns: z
    .array(z.object({ index: z.number().int().min(0), field: z.string().min(1).max(255) }))
    .optional(),
  match: z.string().min(1).max(255).optional(),
  skipBadRows: z.boolean().optional(),
});

interface Upload<B = z.infer<typeof importOptionsBody>> {
  path: string;
  format: ImportFormat;
  fileName: string;
  body: B;
}

/**
 * Starts the work on a CSV or TSV upload as soon as its file part begins (docs/imports.md, "Importing while the
 * file uploads"); the file is then read by the job as it arrives.
 */
type EarlyStart<B> = (upload: Upload<B>) => Promise<void>;

/**
 * Streams the `file` part to a temporary file, or fetches the `url` field's file (address-guarded); other parts
 * are read as fields (`options` checked by `schema`). With `early`, a CSV or TSV file part that comes after the
 * `options` part (as the web app sends them) calls it before its bytes are read, and is written through an
 * `UploadGrowth` (registered under its path) that is complete only once the whole request has been read and
 * accepted, failed otherwise.
 */
async function receiveUpload<B = z.infer<typeof importOptionsBody>>(
  ctx: AppContext,
  req: FastifyRequest,
  schema: z.ZodType<B> = importOptionsBody as unknown as z.ZodType<B>,
  early?: EarlyStart<B>,
): Promise<Upload<B>> {
  if (!req.isMultipart()) throw badRequest('file: a multipart/form-data body with a file is expected');
  const dir = path.join(ctx.config.dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  let upload: Omit<Upload<B>, 'body'> | undefined;
  let options: unknown = {};
  let optionsSeen = false;
  let growth: UploadGrowth | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (upload) throw badRequest('file: one file per import');
        const format = formatOf(part.filename);
        const file = path.join(dir, `${randomUUID()}.${format}`);
        upload = { path: file, format, fileName: part.filename };
        if (early && optionsSeen && (format === 'csv' || format === 'tsv')) {
          const body = parseWith(schema, options);
          growth = registerGrowingUpload(file, Number(req.headers['content-length']) || 0);
          try {
            await early({ ...upload, body });
          } catch (err) {
            forgetGrowingUpload(file);
            throw err;
          }
          await pipeline(part.file, growingUploadWriter(file, growth));
        } else await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated)
          throw badRequest(`file: the file is larger than the limit of ${maxBytes()} bytes`);
      } else if (part.fieldname === 'url') {
        if (upload) throw badRequest('file: one file per import');
        upload = await downloadImport(String(part.value), maxBytes(), (format) =>
          path.join(dir, `${randomUUID()}.${format}`),
        );
      } else if (part.fieldname === 'options') {
        // Its import has started with the options given before the file.
        if (growth) throw badRequest('options: given again after the file');
        optionsSeen = true;
        try {
          options = JSON.parse(String(part.value));
        } catch {
          throw badRequest('options: not valid JSON');
        }
      }
    }
    if (!upload) throw badRequest('file: no file (or url) in the upload');
    const received = { ...upload, body: parseWith(schema, options) };
    growth?.complete();
    return received;
  } catch (err) {
    growth?.fail();
    if (upload) await rm(upload.path, { force: true });
    throw err;
  }
}

/**
 * An import started while its upload arrived, whose upload then failed: waited for (or cancelled, if it has not
 * started), so that the table it may have created is gone before the request's error is answered.
 */
async function settleEarlyJob(ctx: AppContext, jobId: string): Promise<void> {
  // A running job fails by itself (its reader sees the failed upload); one still waiting never runs.
  if ((await ctx.jobs.get(jobId))?.status === 'waiting') await ctx.jobs.cancel(jobId);
  for (;;) {
    const job = await ctx.jobs.get(jobId);
    if (!job || isFinished(job.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Checks the worksheets an upload names against the workbook (400 naming the option), and answers the workbook's
 * sheet names (none for a file that is not xlsx, or when none is named and `list` is false: an import of the
 * first sheet leaves every check of the workbook to its job).
 */
async function checkSheets(upload: Upload, list: boolean): Promise<string[]> {
  const { sheet, sheets } = upload.body;
  if (upload.format !== 'xlsx') {
    if (sheet !== undefined) throw badRequest('sheet: only an xlsx workbook has sheets');
    if (sheets !== undefined) throw badRequest('sheets: only an xlsx workbook has sheets');
    return [];
  }
  if (!list && sheet === undefined && sheets === undefined) return [];
  let names: string[];
  try {
    names = await sheetNames(upload.path);
  } catch (err) {
    throw badRequest(`file: ${(err as Error).message}`);
  }
  if (sheet !== undefined && !names.includes(sheet))
    throw badRequest(`sheet: the workbook has no sheet '${sheet}'`);
  sheets?.forEach((s, i) => {
    if (!names.includes(s.name)) throw badRequest(`sheets[${i}].name: the workbook has no sheet '${s.name}'`);
    if (sheets.findIndex((o) => o.name === s.name) !== i)
      throw badRequest(`sheets[${i}].name: the sheet '${s.name}' is listed twice`);
  });
  return names;
}

function optionsOf(body: Upload['body']) {
  return {
    autoSelectFieldTypes: body.autoSelectFieldTypes ?? DEFAULT_IMPORT_OPTIONS.autoSelectFieldTypes,
    shouldImportData: body.shouldImportData ?? DEFAULT_IMPORT_OPTIONS.shouldImportData,
    firstRowAsHeaders: body.firstRowAsHeaders ?? DEFAULT_IMPORT_OPTIONS.firstRowAsHeaders,
    normalizeNested: body.normalizeNested ?? DEFAULT_IMPORT_OPTIONS.normalizeNested,
  };
}

export async function importRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes(), files: 1, fields: 5 } });

    scope.post<{ Params: { baseId: string } }>('/api/v1/db/meta/projects/:baseId/import', async (req) => {
      const { base, principal } = await requireBaseAccess(ctx, req, req.params.baseId, 'csvImport');
      const start = async (upload: Upload, growing: boolean) => {
        await checkSheets(upload, false);
        const taken = (await ctx.tables.list(base.id, { includeM2M: true })).map((t) => t.title);
        const unique = (wanted: string) => {
          const title = uniqueName(wanted, taken);
          taken.push(title);
          return title;
        };
        const wanted = upload.body.title?.trim() || upload.fileName.replace(/\.[^.]*$/, '') || 'Imported';
        const sheets = upload.body.sheets?.map((s) => ({
          sheet: s.name,
          title: unique(s.title?.trim() || s.name.trim() || 'Imported'),
          ...(s.columns ? { columns: s.columns } : {}),
        }));
        const input: ImportTableInput = {
          path: upload.path,
          format: upload.format,
          title: sheets ? sheets[0]!.title : unique(wanted),
          options: optionsOf(upload.body),
          columns: upload.body.columns,
          ...(upload.body.sheet ? { sheet: upload.body.sheet } : {}),
          ...(sheets ? { sheets } : {}),
          ...(growing ? { growing } : {}),
        };
        const job = await ctx.jobs.enqueue({
          kind: IMPORT_TABLE_JOB,
          input,
          baseId: base.id,
          userId: principal.user.id,
        });
        return { id: job.id, title: input.title, titles: sheets?.map((s) => s.title) ?? [input.title] };
      };
      // Only the in-process queue runs the job where the upload arrives.
      let started: Awaited<ReturnType<typeof start>> | undefined;
      const early = ctx.jobs instanceof LocalJobQueue;
      let upload: Upload;
      try {
        upload = await receiveUpload(
          ctx,
          req,
          undefined,
          early ? async (u) => void (started = await start(u, true)) : undefined,
        );
      } catch (err) {
        if (started) await settleEarlyJob(ctx, started.id);
        throw err;
      }
      if (started) return started;
      try {
        return await start(upload, false);
      } catch (err) {
        await rm(upload.path, { force: true });
        throw err;
      }
    });

    scope.post<{ Params: { tableId: string } }>('/api/v1/db/meta/tables/:tableId/import', async (req) => {
      // Any access to the table's base first, so a stranger's upload is not even stored.
      await requireTableAccess(ctx, req, req.params.tableId);
      const upload = await receiveUpload(ctx, req, appendOptionsBody);
      try {
        const { table, principal } = await requireTableAccess(
          ctx,
          req,
          req.params.tableId,
          upload.format === 'xlsx' ? 'excelTableImport' : 'csvTableImport',
        );
        const { model } = await ctx.tableModels.get(ctx, table.id);
        const b = upload.body;
        try {
          b.columns?.forEach((c, i) => importableField(model, c.field, `columns[${i}].field`));
          if (b.match) importableField(model, b.match, 'match');
        } catch (err) {
          throw badRequest((err as Error).message);
        }
        const input: AppendRowsInput = {
          path: upload.path,
          format: upload.format,
          tableId: table.id,
          title: table.title,
          firstRowAsHeaders: b.firstRowAsHeaders ?? DEFAULT_IMPORT_OPTIONS.firstRowAsHeaders,
          normalizeNested: b.normalizeNested ?? DEFAULT_IMPORT_OPTIONS.normalizeNested,
          ...(b.columns ? { mapping: b.columns } : {}),
          ...(b.match ? { match: b.match } : {}),
          skipBadRows: b.skipBadRows ?? false,
        };
        const job = await ctx.jobs.enqueue({
          kind: IMPORT_ROWS_JOB,
          input,
          baseId: table.base_id,
          userId: principal.user.id,
        });
        return { id: job.id, title: table.title };
      } catch (err) {
        await rm(upload.path, { force: true });
        throw err;
      }
    });

    scope.post<{ Params: { baseId: string } }>(
      '/api/v1/db/meta/projects/:baseId/import/preview',
      async (req) => {
        // Creators preview new tables; editors preview what they append to a table.
        await requireBaseAccess(ctx, req, req.params.baseId, 'csvImport').catch(() =>
          requireBaseAccess(ctx, req, req.params.baseId, 'csvTableImport'),
        );
        const upload = await receiveUpload(ctx, req);
        try {
          const sheets = await checkSheets(upload, true);
          let plan;
          try {
            plan = await planFile({
              path: upload.path,
              format: upload.format,
              options: optionsOf(upload.body),
              ...(upload.body.sheet ? { sheet: upload.body.sheet } : {}),
            });
          } catch (err) {
            throw badRequest(`file: ${(err as Error).message}`);
          }
          return {
            columns: plan.columns,
            total: plan.total,
            rows: plan.sample.slice(0, PREVIEW_ROWS),
            ...(upload.format === 'xlsx' ? { sheets, sheet: upload.body.sheet ?? sheets[0] } : {}),
          };
        } finally {
          await rm(upload.path, { force: true });
        }
      },
    );
  });

  app.get<{ Params: { jobId: string } }>('/api/v1/db/meta/imports/:jobId/skipped.csv', async (req, reply) => {
    const job = await visibleJob(ctx, req, req.params.jobId);
    if ((job.job !== IMPORT_TABLE_JOB && job.job !== IMPORT_ROWS_JOB) || job.status !== 'completed') {
      throw badRequest('jobId: not a finished import');
    }
    const result = job.result as ImportTableResult;
    const values = (s: SkippedRow) => Papa.unparse([s.values.map((v) => v ?? '')]);
    // An import of several sheets names each skipped row's sheet.
    const bySheet = result.skipped.some((s) => s.sheet !== undefined);
    const csv = Papa.unparse(
      bySheet
        ? [
            ['Sheet', 'Row', 'Reason', 'Values'],
            ...result.skipped.map((s) => [s.sheet ?? '', s.row, s.reason, values(s)]),
          ]
        : [['Row', 'Reason', 'Values'], ...result.skipped.map((s) => [s.row, s.reason, values(s)])],
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="skipped-rows.csv"`)
      .send(csv);
  });
}
