/**
 * What a shared ERD shows: the tables of one source with their fields and the relations between them,
 * nothing else (no rows, no views, no base settings). The same schema the base's own diagram draws.
 */
import type { ErdMeta } from '@rowbase/core/api/erd';
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { erdMeta } from '../erd/erd-meta.js';

export async function sharedErdMeta(ctx: AppContext, uuid: string): Promise<ErdMeta> {
  const share = uuid ? await ctx.shares.byUuid(uuid, 'erd') : undefined;
  if (!share?.source_id) throw notFound('Shared ERD not found');
  return erdMeta(ctx, share.base_id, share.source_id);
}
