/**
 * Client settings kept in localStorage (docs/behaviour/web-app.md "Stored client settings"). One JSON record under one key, read
 * once at start and written on every change. darkMode is always forced off.
 */

export interface StoredSettings {
  token: string | null;
  language: string;
  darkMode: false;
  filterAutoSave: boolean;
  previewAs: string | null;
  includeM2M: boolean;
  showNull: boolean;
  currentVersion: string | null;
  latestRelease: string | null;
  hiddenRelease: string | null;
  isMobileMode: boolean;
  lastOpenedWorkspaceId: string | null;
  /** Where to go after signing in (docs/behaviour/web-app.md guard step 2 keeps it here as well as in the query). */
  continueAfterSignIn: string | null;
}

export const STORAGE_KEY = 'rowbase-gui-v1';

export const DEFAULT_SETTINGS: StoredSettings = {
  token: null,
  language: 'en',
  darkMode: false,
  filterAutoSave: true,
  previewAs: null,
  includeM2M: false,
  showNull: false,
  currentVersion: null,
  latestRelease: null,
  hiddenRelease: null,
  isMobileMode: false,
  lastOpenedWorkspaceId: null,
  continueAfterSignIn: null,
};

/** Merges a stored record over the defaults, ignoring unknown keys and wrong types; darkMode stays off. */
export function parseStoredSettings(raw: string | null): StoredSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const settings: StoredSettings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof StoredSettings)[]) {
    const fallback = DEFAULT_SETTINGS[key];
    const value = stored[key];
    if (value === undefined) continue;
    if (fallback === null ? value === null || typeof value === 'string' : typeof value === typeof fallback) {
      (settings as unknown as Record<string, unknown>)[key] = value;
    }
  }
  settings.darkMode = false;
  return settings;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSettings = parseStoredSettings(readRaw());

function readRaw(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function getSettings(): StoredSettings {
  return current;
}

/** Writes a partial update through to localStorage and tells subscribers. */
export function updateSettings(patch: Partial<StoredSettings>): void {
  current = { ...current, ...patch, darkMode: false };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    /* storage full or disabled: keep the in-memory copy */
  }
  for (const l of listeners) l();
}

export function subscribeSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
