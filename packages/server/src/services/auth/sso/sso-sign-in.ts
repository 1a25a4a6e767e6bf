/**
 * Sign-in through an OpenID Connect provider: authorisation code flow with PKCE, a random state and nonce.
 * The state, nonce and PKCE verifier travel in a sealed, http-only cookie between the redirect to the provider
 * and the code exchange (`genTokenByCode`), so the exchange is refused for a state this browser did not start.
 * The provider's ID token is checked by openid-client (signature, issuer, audience, expiry, nonce).
 */
import { badRequest, forbidden, unauthorized } from '@rowbase/core/errors';
import { OrgRole } from '@rowbase/core/permissions/roles';
import type { Configuration, IDToken, ResponseBodyError } from 'openid-client';
import type { AppContext } from '../../../context.js';
import type { User } from '../../../meta/repos/users.js';
import { isInviteOnly, issueSession, type IssuedSession } from '../sessions.js';
import { githubAuthorizeUrl, githubIdentity } from './github-sign-in.js';
import { openidClient } from './openid-client.js';
import type { SsoProvider, SsoProviderId } from './sso-config.js';

/** How long a started sign-in may take before its cookie is no good. */
export const SSO_FLOW_TTL_MS = 10 * 60 * 1000;

/** What the sealed cookie holds between the redirect and the exchange. */
export interface SsoFlow {
  provider: SsoProviderId;
  state: string;
  nonce: string;
  verifier: string;
  continueAfterSignIn?: string;
  expires: number;
}

const discovered = new Map<string, Promise<Configuration>>();

/** The provider's configuration from its discovery document, fetched once per process. */
function configurationOf(provider: SsoProvider): Promise<Configuration> {
  const key = `${provider.issuer}|${provider.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(provider.issuer);
    // Plain http is accepted only for an issuer on this machine (development and tests).
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    found = openidClient().then((oidc) =>
      oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        execute: loopback && issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      }),
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

export function providerOf(ctx: AppContext, id: string): SsoProvider {
  const provider = ctx.config.sso[id as SsoProviderId];
  if (!provider) throw badRequest(`Sign-in with ${id} is not configured`);
  return provider;
}

/** Where the provider sends the browser back: the web app, which then calls genTokenByCode. */
export const redirectUriOf = (site: string) => `${site}/`;

/** Starts a sign-in: the provider's authorisation address and the flow to keep in the cookie. */
export async function startSignIn(
  provider: SsoProvider,
  site: string,
  continueAfterSignIn: string | undefined,
): Promise<{ url: string; flow: SsoFlow }> {
  const oidc = await openidClient();
  const verifier = oidc.randomPKCECodeVerifier();
  // The web app reads which provider to ask from the state's prefix.
  const state = `${provider.id}.${oidc.randomState()}`;
  const nonce = oidc.randomNonce();
  const url =
    provider.id === 'github'
      ? await githubAuthorizeUrl(provider, redirectUriOf(site), state, verifier)
      : oidc.buildAuthorizationUrl(await configurationOf(provider), {
          redirect_uri: redirectUriOf(site),
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        }).href;
  return {
    url,
    flow: {
      provider: provider.id,
      state,
      nonce,
      verifier,
      continueAfterSignIn,
      expires: Date.now() + SSO_FLOW_TTL_MS,
    },
  };
}

/** Who a failing sign-in was for, as far as it got: filled in as the sign-in learns it. */
interface Attempt {
  email: string;
  userId: string | null;
  /** A new account was being made. */
  signup: boolean;
}

/**
 * Trades the code in `search` (the query string the provider sent the browser back with) for the person's
 * verified e-mail, then signs them in: an existing account is linked by that e-mail, a new one is made unless
 * sign-up is by invitation only. A failure is audited as a failed sign-in (or sign-up) with its reason
 * (docs/audit.md "Sign-ins and passwords") before it is answered.
 */
export async function finishSignIn(
  ctx: AppContext,
  provider: SsoProvider,
  flow: SsoFlow | undefined,
  site: string,
  search: string,
): Promise<IssuedSession> {
  const attempt: Attempt = { email: '', userId: null, signup: false };
  try {
    return await signInThrough(ctx, provider, flow, site, search, attempt);
  } catch (err) {
    ctx.changes.publish({
      type: 'auth.activity',
      activity: attempt.signup ? 'signup-failed' : 'signin-failed',
      email: attempt.email,
      userId: attempt.userId,
      via: provider.name,
      reason: (err as Error).message,
    });
    throw err;
  }
}

async function signInThrough(
  ctx: AppContext,
  provider: SsoProvider,
  flow: SsoFlow | undefined,
  site: string,
  search: string,
  attempt: Attempt,
): Promise<IssuedSession> {
  const returned = new URL(redirectUriOf(site));
  returned.search = search;
  if (!flow || flow.provider !== provider.id || flow.expires < Date.now()) {
    throw badRequest('The sign-in has expired or was not started here; please sign in again');
  }
  if (returned.searchParams.get('state') !== flow.state)
    throw badRequest('state: does not match the sign-in');
  const person =
    provider.id === 'github'
      ? await githubIdentity(provider, returned, flow.verifier)
      : await oidcIdentity(provider, returned, flow);
  attempt.email = person.email;
  if (!person.email) throw badRequest(`${provider.name} did not share an e-mail address`);
  if (!person.emailVerified) {
    throw badRequest(`${provider.name} has not verified the e-mail address ${person.email}`);
  }
  const user = await accountFor(ctx, person.email, person.name, attempt);
  const session = await issueSession(ctx, user);
  ctx.changes.publish({
    type: 'auth.activity',
    activity: 'signin',
    email: user.email,
    userId: user.id,
    via: provider.name,
  });
  return session;
}

/** The ID token's e-mail and name, checked by openid-client (signature, issuer, audience, expiry, nonce). */
async function oidcIdentity(
  provider: SsoProvider,
  returned: URL,
  flow: SsoFlow,
): Promise<{ email: string; emailVerified: boolean; name: string | null }> {
  const config = await configurationOf(provider);
  const oidc = await openidClient();
  let claims: IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    throw badRequest(`Sign-in with ${provider.name} failed: ${reasonOf(err, oidc.ResponseBodyError)}`);
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  return { email, emailVerified: claims?.email_verified === true, name: nameOf(claims) };
}

/** The provider's own error code and description when it sent one (e.g. `invalid_grant` for a used code). */
function reasonOf(err: unknown, bodyError: typeof ResponseBodyError): string {
  if (err instanceof bodyError) {
    return err.error_description ? `${err.error} (${err.error_description})` : err.error;
  }
  return (err as Error).message;
}

function nameOf(claims: IDToken | undefined): string | null {
  const name = claims?.name;
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 255) : null;
}

async function accountFor(
  ctx: AppContext,
  email: string,
  displayName: string | null,
  attempt: Attempt,
): Promise<User> {
  return ctx.db.transaction(async (trx) => {
    const existing = await ctx.users.byEmail(email, trx);
    attempt.userId = existing?.id ?? null;
    attempt.signup = !existing;
    if (existing) {
      if (existing.blocked) throw unauthorized('User is blocked');
      // The provider vouches for the address, which also accepts a pending invitation to it.
      await ctx.users.update(
        existing.id,
        { emailVerified: true, inviteToken: null, inviteTokenExpires: null, emailVerificationToken: null },
        trx,
      );
      return (await ctx.users.byId(existing.id, trx))!;
    }
    const isFirst = (await ctx.users.count(trx)) === 0;
    if (!isFirst && (await isInviteOnly(ctx, trx)))
      throw forbidden('Not allowed to signup, contact super admin.');
    return ctx.users.insert(
      { email, roles: isFirst ? OrgRole.SUPER : OrgRole.VIEWER, emailVerified: true, displayName },
      trx,
    );
  });
}
