/** Factories shared by the auth, token and user tests. */
import { randomBytes } from 'node:crypto';
import type { BaseRole } from '@rowbase/core/permissions/roles';
import type { MailKind } from '../src/mail/mailer.js';
import { newId } from '../src/meta/ids.js';
import { refreshCookieOf, signUpUser, type TestServer } from './harness.js';

export const PASSWORD = 'Password123!';

export const randomEmail = (prefix = 'user') => `${prefix}${randomBytes(4).toString('hex')}@example.com`;

/** Signs in and returns the access token and refresh cookie of the new session. */
export async function signIn(
  server: TestServer,
  email: string,
  password = PASSWORD,
): Promise<{ token: string; cookie: string }> {
  const res = await server.api.post('/api/v1/auth/user/signin', { email, password });
  if (res.status !== 200) throw new Error(`signin failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, cookie: refreshCookieOf(res.headers) };
}

/** The token at the end of the link in the newest mail of a kind to an address. */
export function tokenFromMail(server: TestServer, to: string, kind: MailKind): string {
  const mail = server.ctx.outbox.latest(to, kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return decodeURIComponent(mail.link.split('?')[0]!.split('/').pop()!);
}

/** Signs up the super admin (the first user) and a second, plain user. */
export async function adminAndUser(server: TestServer) {
  const admin = await signUpUser(server.api, randomEmail('admin'));
  const user = await signUpUser(server.api, randomEmail('user'));
  return { admin, user };
}

export async function userIdOf(server: TestServer, token: string): Promise<string> {
  const me = await server.api.get('/api/v1/auth/user/me', { token });
  return me.body.id;
}

/** Inserts a base row directly (bases CRUD lives in its own routes). */
export async function insertBase(server: TestServer, title = 'Base'): Promise<string> {
  const id = newId('base');
  const now = Date.now();
  await server.ctx.db('rb_bases').insert({ id, title, type: 'database', created_at: now, updated_at: now });
  return id;
}

/** Gives a user a role in a base through the repository, so the change feed retires cached roles. */
export async function addBaseUser(server: TestServer, baseId: string, userId: string, roles: string) {
  await server.ctx.bases.setRole(baseId, userId, roles as BaseRole, null);
}
