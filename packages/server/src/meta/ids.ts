/** Meta ids: a short prefix plus a random id, as NocoDB's are (`us_…`, `p…`, `m…`, `c…`, `vw…`). */
import { randomBytes, randomFillSync } from 'node:crypto';

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

/**
 * Random bytes are drawn 4 KB at a time and handed out in slices: one call into the random source per 290 ids
 * instead of one per id (an audit entry or a job is written per write; docs/audit.md#cost).
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolAt = POOL_SIZE;

function randomSlice(length: number): Buffer {
  if (length > POOL_SIZE) return randomBytes(length);
  if (poolAt + length > POOL_SIZE) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += length;
  return pool.subarray(poolAt - length, poolAt);
}

/** @example newId('user') // 'us_k3j9x0q2m1a8b7c' */
export function newId(kind: IdKind, length = 14): string {
  const bytes = randomSlice(length);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  const prefix = IdPrefix[kind];
  return prefix.length === 2 && kind === 'user' ? `${prefix}_${id}` : `${prefix}${id}`;
}
