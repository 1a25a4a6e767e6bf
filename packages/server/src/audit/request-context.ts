/**
 * The request a piece of work runs for, without passing it down: set when a request arrives, read by change-feed
 * subscribers (the feed delivers synchronously inside the writer's request, so the request is still current).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const current = new AsyncLocalStorage<FastifyRequest>();

export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => current.run(req, done));
}

/** Who is acting and from where, when called within a request. */
export function currentActor(): { user: string | null; ip: string | null } {
  const req = current.getStore();
  return { user: req?.principal?.user.email ?? null, ip: req?.ip ?? null };
}

/** The `Accept-Language` of the current request (the web app sends its chosen language), if any. */
export function currentLanguageHeader(): string | undefined {
  return current.getStore()?.headers['accept-language'];
}

/** The id of the signed-in user the current request acts for, if any. */
export function currentUserId(): string | null {
  return current.getStore()?.principal?.user.id ?? null;
}

/** The signed-in user the current request acts for, if any. */
export function currentUser(): { id: string; email: string; displayName: string | null } | null {
  const user = current.getStore()?.principal?.user;
  return user ? { id: user.id, email: user.email, displayName: user.displayName } : null;
}

/**
 * Runs `fn` outside any request, so timers and promises it starts do not keep the current request (and its
 * body) alive until they settle; work deferred past the reply uses it (docs/audit.md#cost).
 */
export function outsideRequest<T>(fn: () => T): T {
  return current.exit(fn);
}
