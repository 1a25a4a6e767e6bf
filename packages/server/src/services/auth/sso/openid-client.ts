/**
 * openid-client, loaded with the first sign-in through a provider: a server without SSO never loads it
 * (docs/performance.md, "Modules loaded on first use").
 */
export const openidClient = () => import('openid-client');
