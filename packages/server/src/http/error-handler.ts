/**
 * The one error handler: every failure becomes JSON `{ msg, message, error?, errors? }` with a 4xx/5xx status,
 * never a stack trace. Unknown routes are a 404 in the same shape.
 */
import { AppError, ErrorCode, type ErrorBody } from '@rowbase/core/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    const { status, body } = toErrorResponse(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
    if (status === 503) reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const message = `Route ${req.method}:${req.url.split('?')[0]} not found`;
    return reply.status(404).send({ msg: message, message, error: ErrorCode.NOT_FOUND } satisfies ErrorBody);
  });
}

export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof AppError) return { status: err.status, body: err.toBody() };
  if (err instanceof ZodError) return zodErrorResponse(err);
  if (isBusy(err)) {
    const message = 'The database is busy; try again in a moment';
    return { status: 503, body: { msg: message, message, error: ErrorCode.BUSY } };
  }
  const computeFailure = dataExceptionMessage(err);
  if (computeFailure) {
    const message = `Could not compute a value: ${computeFailure}`;
    return { status: 422, body: { msg: message, message, error: ErrorCode.UNPROCESSABLE } };
  }
  const fe = err as Partial<FastifyError>;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = fe.message || 'Bad request';
    const code =
      fe.statusCode === 429
        ? ErrorCode.TOO_MANY_REQUESTS
        : fe.statusCode === 413
          ? ErrorCode.PAYLOAD_TOO_LARGE
          : ErrorCode.BAD_REQUEST;
    return { status: fe.statusCode, body: { msg: message, message, error: code } };
  }
  const message = 'Internal Server Error';
  return { status: 500, body: { msg: message, message, error: ErrorCode.INTERNAL } };
}

function zodErrorResponse(err: ZodError): { status: number; body: ErrorBody } {
  const errors = err.issues.map((i) => ({
    instancePath: i.path.length ? '/' + i.path.join('/') : '',
    message: i.message,
  }));
  const message = errors
    .map((e) => (e.instancePath ? `${e.instancePath.slice(1)}: ${e.message}` : e.message))
    .join('; ');
  return { status: 400, body: { msg: message, message, error: ErrorCode.VALIDATION, errors } };
}

/**
 * PostgreSQL raises data exceptions (SQLSTATE class 22: square root of a negative number, log of zero, a
 * bad cast inside a formula) where SQLite and MySQL give NULL. They are the data's fault, not the server's:
 * a 422 naming the problem, never a 500.
 */
function dataExceptionMessage(err: unknown): string | undefined {
  const e = err as { code?: unknown; severity?: unknown; message?: unknown };
  if (typeof e?.code !== 'string' || !/^22[0-9A-Z]{3}$/.test(e.code) || typeof e.severity !== 'string')
    return undefined;
  const msg = typeof e.message === 'string' ? e.message : '';
  // knex prefixes the failing SQL; keep only the database's own words.
  return msg.includes(' - ') ? msg.slice(msg.lastIndexOf(' - ') + 3) : msg;
}

/** Seconds a client should wait after a 503 for a busy database. */
export const BUSY_RETRY_AFTER_S = 1;

/**
 * Lock contention, not a fault: SQLite's busy/locked (its wait ran out while a writer held the file), PostgreSQL's
 * serialization failure, deadlock and lock-not-available, and MySQL's lock wait timeout and deadlock. The request
 * changed nothing (its transaction rolled back), so the client may simply retry: 503 with Retry-After.
 */
export function isBusy(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown; message?: unknown };
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED' || e.code === 'SQLITE_BUSY_SNAPSHOT')
    return true;
  if (e.code === '40001' || e.code === '40P01' || e.code === '55P03') return true;
  if (e.code === 'ER_LOCK_WAIT_TIMEOUT' || e.code === 'ER_LOCK_DEADLOCK') return true;
  return e.errno === 1205 || e.errno === 1213;
}
