/**
 * Request bodies as NocoDB clients send them, on every route:
 * - JSON, as before; an EMPTY body under any content type is no body at all, not an error. The
 *   `nocodb-sdk` Api client sends body-less calls such as `dbViewShare.create` as POSTs with
 *   `Content-Type: application/x-www-form-urlencoded` and nothing in them.
 * - `application/x-www-form-urlencoded` is parsed into an object (a repeated key becomes an array).
 * - Any other type with content is refused with 415, naming the type; multipart routes register their own
 *   parser and are not affected.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Keys that would reach an object's prototype: never copied out of a form body. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (isEmpty(body)) return done(null, undefined);
    json(req, body as string, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    done(null, isEmpty(body) ? undefined : body);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, isEmpty(body) ? undefined : parseForm(body as string)),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    if (isEmpty(body)) return done(null, undefined);
    done(unsupported(req), undefined);
  });
}

function isEmpty(body: string | Buffer): boolean {
  return body.length === 0 || (typeof body === 'string' && body.trim() === '');
}

/**
 * `a=1&b=x&b=y` -> `{ a: '1', b: ['x', 'y'] }`.
 * @example parseForm('title=My+view&password=') // { title: 'My view', password: '' }
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const had = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** A 415 (the error handler answers `{ msg, message }` with the status a Fastify-style error carries). */
function unsupported(req: FastifyRequest): Error {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  return Object.assign(
    new Error(`Content-Type '${type}' is not supported: send JSON or application/x-www-form-urlencoded`),
    { statusCode: 415 },
  );
}
