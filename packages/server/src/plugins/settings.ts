/**
 * A plugin's settings (`input`): checked against its field list, with secrets masked on the way out and the
 * mask read back as "keep the stored value" on the way in, so an admin can change the host without retyping
 * the password and a reply never carries a secret.
 */
import { badRequest } from '@rowbase/core/errors';
import type { PluginDefinition } from './catalog.js';

export type PluginSettings = Record<string, string | number | boolean>;

/** What a stored secret looks like in replies; sending it back means "unchanged". */
export const SECRET_MASK = '********';

/** Parses `input` (a JSON string, as NocoDB clients send it, or an object) into checked settings. */
export function readSettings(
  def: PluginDefinition,
  input: unknown,
  stored: PluginSettings | undefined,
): PluginSettings {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      throw badRequest('input: not valid JSON');
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('input: an object is expected');
  const given = raw as Record<string, unknown>;
  const out: PluginSettings = {};
  for (const field of def.fields) {
    let value = given[field.key];
    if (field.type === 'Password' && value === SECRET_MASK) value = stored?.[field.key];
    const clean = cleanValue(field.key, field.type, value);
    if (clean === undefined) {
      if (field.required) throw badRequest(`input.${field.key}: ${field.label} is required`);
      continue;
    }
    out[field.key] = clean;
  }
  return out;
}

function cleanValue(key: string, type: string, value: unknown): string | number | boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (type === 'Checkbox') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    throw badRequest(`input.${key}: true or false is expected`);
  }
  if (type === 'Number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw badRequest(`input.${key}: a whole number is expected`);
    return n;
  }
  if (typeof value !== 'string' && typeof value !== 'number')
    throw badRequest(`input.${key}: text is expected`);
  const text = String(value).trim();
  if (text.length > 2000) throw badRequest(`input.${key}: at most 2000 characters`);
  return text || undefined;
}

/** The settings as a reply shows them: every secret that is set becomes the mask. */
export function maskSettings(def: PluginDefinition, settings: PluginSettings): PluginSettings {
  const out: PluginSettings = { ...settings };
  for (const field of def.fields) {
    if (field.type === 'Password' && out[field.key] !== undefined) out[field.key] = SECRET_MASK;
  }
  return out;
}
