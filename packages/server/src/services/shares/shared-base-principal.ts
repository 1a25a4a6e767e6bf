/**
 * `xc-shared-base-id`: a request carrying a shared base's uuid (and no user credential) acts with the share's
 * role (viewer or editor) on that base only. Resolved on every request, so disabling the share cuts access
 * at once. The principal is scoped like a base API token (tokenBaseId), so organisation routes refuse it.
 */
import {
  SHARED_BASE_HEADER,
  SHARED_VIEW_PASSWORD_HEADER,
  type SharedBaseRole,
} from '@rowbase/core/api/shares';
import type { HeldRoles } from '@rowbase/core/permissions/can';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/principal.js';
import { resolveSharedBase } from './base-shares.js';

declare module '../../http/principal.js' {
  interface Principal {
    /** Set for a caller coming through a shared base link. */
    sharedBase?: { uuid: string; baseId: string; role: SharedBaseRole };
  }
}

/** Registers the hook; call it right after registerPrincipal. */
export function registerSharedBasePrincipal(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (req) => {
    if (req.principal || req.authFailure) return;
    const raw = req.headers[SHARED_BASE_HEADER];
    const uuid = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!uuid) return;
    const password = req.headers[SHARED_VIEW_PASSWORD_HEADER];
    const shared = await resolveSharedBase(ctx, uuid, Array.isArray(password) ? password[0] : password);
    if (!shared) {
      req.authFailure = 'Invalid shared base link or password';
      return;
    }
    const now = Date.now();
    req.principal = {
      user: {
        id: `shared-base:${shared.uuid}`,
        email: '',
        passwordHash: null,
        firstname: null,
        lastname: null,
        displayName: 'Shared base',
        roles: '',
        tokenVersion: 0,
        emailVerified: false,
        emailVerificationToken: null,
        inviteToken: null,
        inviteTokenExpires: null,
        resetPasswordToken: null,
        resetPasswordExpires: null,
        blocked: false,
        createdAt: now,
        updatedAt: now,
      },
      roles: {},
      via: 'api-token',
      tokenBaseId: shared.baseId,
      sharedBase: shared,
    };
  });
}

/** The roles a shared-base caller holds in its base; undefined for every other caller. */
export function sharedBaseHeldRoles(principal: Principal, baseId: string): HeldRoles | undefined {
  const shared = principal.sharedBase;
  if (!shared || shared.baseId !== baseId) return undefined;
  return { org: {}, base: { [shared.role]: true } };
}
