/** Errors of the SQL page that every dialect words the same way. */
import { badRequest } from '@rowbase/core/errors';

export const timedOut = (timeoutMs: number) =>
  badRequest(`sql: the statement ran longer than ${timeoutMs} ms and was stopped`);

/** A database's own refusal (syntax error, permission denied, read-only transaction) as a 400. */
export const refusedByDatabase = (err: unknown) =>
  badRequest(`sql: ${(err as Error).message || String(err)}`);
