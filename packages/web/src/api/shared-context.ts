/** Which shared base or shared ERD the current page shows, if any; read when building request headers. */

let sharedBaseId: string | null = null;
let sharedErdId: string | null = null;

export function setSharedContext(ctx: { sharedBaseId?: string | null; sharedErdId?: string | null }): void {
  sharedBaseId = ctx.sharedBaseId ?? null;
  sharedErdId = ctx.sharedErdId ?? null;
}

export function getSharedContext() {
  return { sharedBaseId, sharedErdId };
}
