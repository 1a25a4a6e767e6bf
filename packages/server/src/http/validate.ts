/** Validation at the edge: parse a request part with a zod contract from core, or answer 400 `path: message`. */
import type { z } from 'zod';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  // A ZodError thrown here is turned into a 400 with `errors` by the error handler.
  return schema.parse(value ?? {});
}
