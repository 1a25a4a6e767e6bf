/** Which shared base or shared ERD the current page shows, if any; read when building request headers. */

let sharedBaseId: string | null = null;
let sharedErdId: string | null = null;
let password: string | null = null;

/** Sets the shared context; `password` is the protected shared base's password (sent as `xc-password`). */
export function setSharedContext(ctx: {
  sharedBaseId?: string | null;
  sharedErdId?: string | null;
  password?: string | null;
}): void {
  sharedBaseId = ctx.sharedBaseId ?? null;
  sharedErdId = ctx.sharedErdId ?? null;
  password = ctx.password ?? null;
}

export function getSharedContext() {
  return { sharedBaseId, sharedErdId, password };
}
