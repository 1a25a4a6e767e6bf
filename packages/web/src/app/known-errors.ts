/** Classifiers for the errors docs/behaviour/web-app.md treats specially: chunk load failures and three display errors. */

const CHUNK_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Loading chunk [\w-]+ failed/i,
  /ChunkLoadError/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_PATTERNS.some((p) => p.test(text));
}

/** Errors from the DOM being changed under React (browser extensions, translators): re-render, warn. */
export function isKnownDisplayError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    (error.name === 'NotFoundError' && error.message.includes('insertBefore')) ||
    error.message.includes('The object can not be found here.') ||
    error.message.includes("reading 'parentNode'")
  );
}

export const CHUNK_RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = 'rowbase-chunk-reload-at';

/**
 * Reloads the page after a chunk failed to load (a new build replaced the old chunks), unless it already did
 * so within the last 10 s; returns whether it reloaded.
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now = Date.now(),
  reload: () => void = () => location.reload(),
): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}
