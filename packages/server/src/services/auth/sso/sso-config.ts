/**
 * Sign-in providers from the environment. Each is on when its client id and secret are set:
 * - OpenID Connect, any issuer: NC_OIDC_ISSUER, NC_OIDC_CLIENT_ID, NC_OIDC_CLIENT_SECRET, and the button's
 *   name NC_OIDC_PROVIDER_NAME (default "OpenID Connect");
 * - Google (an OpenID Connect issuer): NC_GOOGLE_CLIENT_ID, NC_GOOGLE_CLIENT_SECRET;
 * - GitHub (OAuth apps, not OpenID Connect): NC_GITHUB_CLIENT_ID, NC_GITHUB_CLIENT_SECRET; for GitHub Enterprise
 *   Server RB_GITHUB_URL (default https://github.com) and RB_GITHUB_API_URL (default https://api.github.com).
 * Every provider must allow the redirect address `<site>/` (PUBLIC_URL, or the address the app is reached at).
 */
import { z } from 'zod';

export type SsoProviderId = 'oidc' | 'google' | 'github';

export interface SsoProvider {
  id: SsoProviderId;
  name: string;
  /** The OpenID Connect issuer; for GitHub, its web address (where `/login/oauth/...` lives). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** GitHub only: the REST API's address. */
  apiUrl?: string;
}

export type SsoConfig = Partial<Record<SsoProviderId, SsoProvider>>;

const GOOGLE_ISSUER = 'https://accounts.google.com';

const ssoEnv = z.object({
  NC_OIDC_ISSUER: z.url('must be a URL').optional(),
  NC_OIDC_CLIENT_ID: z.string().min(1).optional(),
  NC_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  NC_OIDC_PROVIDER_NAME: z.string().min(1).default('OpenID Connect'),
  NC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  NC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  NC_GITHUB_CLIENT_ID: z.string().min(1).optional(),
  NC_GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  RB_GITHUB_URL: z.url('must be a URL').default('https://github.com'),
  RB_GITHUB_API_URL: z.url('must be a URL').default('https://api.github.com'),
});

/** Reads the providers; throws naming the variable when one is half-configured. */
export function loadSsoConfig(env: Record<string, string | undefined>): SsoConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ssoEnv.safeParse(clean);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const out: SsoConfig = {};
  if (e.NC_OIDC_ISSUER || e.NC_OIDC_CLIENT_ID || e.NC_OIDC_CLIENT_SECRET) {
    if (!e.NC_OIDC_ISSUER || !e.NC_OIDC_CLIENT_ID || !e.NC_OIDC_CLIENT_SECRET) {
      throw new Error(
        'Invalid configuration: NC_OIDC_ISSUER, NC_OIDC_CLIENT_ID and NC_OIDC_CLIENT_SECRET are needed together',
      );
    }
    out.oidc = {
      id: 'oidc',
      name: e.NC_OIDC_PROVIDER_NAME,
      issuer: e.NC_OIDC_ISSUER,
      clientId: e.NC_OIDC_CLIENT_ID,
      clientSecret: e.NC_OIDC_CLIENT_SECRET,
    };
  }
  if (e.NC_GOOGLE_CLIENT_ID || e.NC_GOOGLE_CLIENT_SECRET) {
    if (!e.NC_GOOGLE_CLIENT_ID || !e.NC_GOOGLE_CLIENT_SECRET) {
      throw new Error(
        'Invalid configuration: NC_GOOGLE_CLIENT_ID and NC_GOOGLE_CLIENT_SECRET are needed together',
      );
    }
    out.google = {
      id: 'google',
      name: 'Google',
      issuer: GOOGLE_ISSUER,
      clientId: e.NC_GOOGLE_CLIENT_ID,
      clientSecret: e.NC_GOOGLE_CLIENT_SECRET,
    };
  }
  if (e.NC_GITHUB_CLIENT_ID || e.NC_GITHUB_CLIENT_SECRET) {
    if (!e.NC_GITHUB_CLIENT_ID || !e.NC_GITHUB_CLIENT_SECRET) {
      throw new Error(
        'Invalid configuration: NC_GITHUB_CLIENT_ID and NC_GITHUB_CLIENT_SECRET are needed together',
      );
    }
    out.github = {
      id: 'github',
      name: 'GitHub',
      issuer: e.RB_GITHUB_URL.replace(/\/+$/, ''),
      apiUrl: e.RB_GITHUB_API_URL.replace(/\/+$/, ''),
      clientId: e.NC_GITHUB_CLIENT_ID,
      clientSecret: e.NC_GITHUB_CLIENT_SECRET,
    };
  }
  return out;
}
