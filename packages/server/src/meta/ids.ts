/** Meta ids: a short prefix plus a random id, as NocoDB's are (`us_…`, `p…`, `m…`, `c…`, `vw…`). */
import { randomBytes } from 'node:crypto';

export const IdPrefix = {
  user: 'us',
  refreshToken: 'rt',
  apiToken: 'at',
  workspace: 'w',
  base: 'p',
  source: 'b',
  table: 'm',
  column: 'c',
  view: 'vw',
  filter: 'fi',
  sort: 'so',
  hook: 'hk',
  hookLog: 'hkl',
  notification: 'nt',
  audit: 'adt',
  comment: 'com',
  job: 'jb',
  docsPage: 'dp',
  docsSnapshot: 'dps',
} as const;
export type IdKind = keyof typeof IdPrefix;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** @example newId('user') // 'us_k3j9x0q2m1a8b7c' */
export function newId(kind: IdKind, length = 14): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  const prefix = IdPrefix[kind];
  return prefix.length === 2 && kind === 'user' ? `${prefix}_${id}` : `${prefix}${id}`;
}
