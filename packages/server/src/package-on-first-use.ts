/**
 * A CommonJS package loaded when it is first needed rather than at start-up, so a server that never needs it
 * (no Redis, no regular-expression formula) never holds its code (docs/performance.md, "Modules loaded on first
 * use"). Only for packages whose values are not imported anywhere else in the server: one copy is loaded.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export function packageOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
