import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, adminAndUser, insertBase, randomEmail, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

describe.each(testDatabases())('API tokens on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUpUser>>;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ admin, user } = await adminAndUser(server));
  });
  afterAll(async () => server?.close());

  it('creates a token shown once, lists it without the secret and stores only a hash', async () => {
    const created = await server.api.post('/api/v1/tokens', { description: 'CI' }, { token: user.token });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{40}$/),
      description: 'CI',
      base_id: null,
      fk_user_id: await userIdOf(server, user.token),
    });
    const list = await server.api.get('/api/v1/tokens', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.pageInfo).toMatchObject({ totalRows: 1, isFirstPage: true, isLastPage: true });
    expect(list.body.list).toEqual([expect.objectContaining({ id: created.body.id, description: 'CI' })]);
    expect(list.body.list[0].token).toBeUndefined();
    expect(list.body.list[0].token_hint).toBe(created.body.token.slice(-4));
    const row = await server.ctx.db('rb_api_tokens').where({ id: created.body.id }).first();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.body.token);
    // Another user sees none of them.
    const other = await server.api.get('/api/v1/tokens', { token: admin.token });
    expect(other.body.list).toEqual([]);
  });

  it('authenticates with xc-token on a protected route, and a deleted token stops at once', async () => {
    const created = await server.api.post('/api/v1/tokens', { description: 'temp' }, { token: user.token });
    const apiToken = created.body.token;
    const me = await server.api.get('/api/v1/auth/user/me', { apiToken });
    expect(me.body.id).toBe(await userIdOf(server, user.token));
    expect((await server.api.get('/api/v1/tokens', { apiToken })).status).toBe(200);

    const del = await server.api.delete(`/api/v1/tokens/${created.body.id}`, undefined, {
      token: user.token,
    });
    expect(del.status).toBe(200);
    const after = await server.api.get('/api/v1/tokens', { apiToken });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Invalid token');
  });

  it("refuses an unknown xc-token and someone else's token id", async () => {
    expect((await server.api.get('/api/v1/tokens', { apiToken: 'x'.repeat(40) })).status).toBe(401);
    const mine = await server.api.post('/api/v1/tokens', { description: 'mine' }, { token: user.token });
    const res = await server.api.delete(`/api/v1/tokens/${mine.body.id}`, undefined, { token: admin.token });
    expect(res.status).toBe(404);
    expect((await server.api.get('/api/v1/tokens', { apiToken: mine.body.token })).status).toBe(200);
  });

  it('refuses a too-long description with 400 naming the field', async () => {
    const res = await server.api.post(
      '/api/v1/tokens',
      { description: 'x'.repeat(300) },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('description');
  });
});

describe.each(testDatabases())('base API tokens and the authorization chain on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUpUser>>;
  let baseId: string;
  const members: Record<string, Awaited<ReturnType<typeof signUpUser>>> = {};
  const path = (id: string) => `/api/v1/db/meta/projects/${id}/api-tokens`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signUpUser(server.api, randomEmail('admin'));
    baseId = await insertBase(server);
    for (const role of ['owner', 'creator', 'editor', 'viewer', 'no-access']) {
      members[role] = await signUpUser(server.api, randomEmail(role.replace('-', '')));
      await addBaseUser(server, baseId, await userIdOf(server, members[role]!.token), role);
    }
    members.outsider = await signUpUser(server.api, randomEmail('outsider'));
  });
  afterAll(async () => server?.close());

  it("answers 404 'Base not found' for a base that does not exist", async () => {
    const res = await server.api.get(path('p_missing'), { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('Base not found');
    const trashed = await insertBase(server, 'Trashed');
    await server.ctx.db('rb_bases').where({ id: trashed }).update({ deleted: true });
    expect((await server.api.get(path(trashed), { token: admin.token })).status).toBe(404);
  });

  it('lets creators and owners manage base tokens', async () => {
    for (const role of ['owner', 'creator']) {
      const created = await server.api.post(
        path(baseId),
        { description: role },
        { token: members[role]!.token },
      );
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ base_id: baseId, description: role, token: expect.any(String) });
    }
    const list = await server.api.get(path(baseId), { token: members.creator!.token });
    expect(list.status).toBe(200);
    expect(list.body.list.map((t: { description: string }) => t.description).sort()).toEqual([
      'creator',
      'owner',
    ]);
    // A super admin needs no membership.
    expect((await server.api.get(path(baseId), { token: admin.token })).status).toBe(200);
  });

  it('refuses editors and viewers with 403: a creator action', async () => {
    for (const role of ['editor', 'viewer']) {
      const res = await server.api.post(path(baseId), { description: 'x' }, { token: members[role]!.token });
      expect(res.status).toBe(403);
      expect(res.body.msg).toContain('settingsPage');
    }
  });

  it('refuses no-access members and non-members (guests) of the base with 403', async () => {
    for (const who of ['no-access', 'outsider']) {
      const res = await server.api.get(path(baseId), { token: members[who]!.token });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('You do not have access to this base');
    }
    expect((await server.api.get(path(baseId))).status).toBe(401);
  });

  it('lets a user preview a lower role only', async () => {
    const asEditor = { token: members.owner!.token, headers: { 'xc-preview': 'editor' } };
    const denied = await server.api.post(path(baseId), { description: 'p' }, asEditor);
    expect(denied.status).toBe(403);
    const asCreator = { token: members.owner!.token, headers: { 'xc-preview': 'creator' } };
    expect((await server.api.get(path(baseId), asCreator)).status).toBe(200);
    // Previewing upwards is refused, not granted.
    const up = { token: members.editor!.token, headers: { 'xc-preview': 'owner' } };
    expect((await server.api.get(path(baseId), up)).status).toBe(403);
    const adminAsViewer = { token: admin.token, headers: { 'xc-preview': 'viewer' } };
    expect((await server.api.get(path(baseId), adminAsViewer)).status).toBe(403);
    // A super admin previewing a base role loses super-admin-only routes too.
    expect((await server.api.get('/api/v1/users', adminAsViewer)).status).toBe(403);
    // Org roles too: a super admin previewing an org creator is no longer let into a base it is not in.
    const adminAsOrgCreator = { token: admin.token, headers: { 'xc-preview': 'org-level-creator' } };
    const notMember = await server.api.get(path(baseId), adminAsOrgCreator);
    expect(notMember.status).toBe(403);
    expect(notMember.body.msg).toBe('You do not have access to this base');
    // An org-level viewer cannot preview as an org creator.
    const viewerUp = { token: members.creator!.token, headers: { 'xc-preview': 'org-level-creator' } };
    const refused = await server.api.get(path(baseId), viewerUp);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('cannot preview');
    const bogus = { token: admin.token, headers: { 'xc-preview': 'emperor' } };
    expect((await server.api.get(path(baseId), bogus)).status).toBe(400);
  });

  it('limits a base token to its base and deletes base tokens at once', async () => {
    const otherBase = await insertBase(server, 'Other');
    await addBaseUser(server, otherBase, await userIdOf(server, members.creator!.token), 'creator');
    const created = await server.api.post(
      path(baseId),
      { description: 'scoped' },
      { token: members.creator!.token },
    );
    const apiToken = created.body.token as string;
    expect((await server.api.get(path(baseId), { apiToken })).status).toBe(200);
    const elsewhere = await server.api.get(path(otherBase), { apiToken });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.msg).toBe('This API token is limited to another base');
    // Nor can it mint org-level tokens for its owner.
    expect((await server.api.post('/api/v1/tokens', {}, { apiToken })).status).toBe(403);

    const wrongBase = await server.api.delete(`${path(otherBase)}/${created.body.id}`, undefined, {
      token: members.creator!.token,
    });
    expect(wrongBase.status).toBe(404);
    const del = await server.api.delete(`${path(baseId)}/${created.body.id}`, undefined, {
      token: members.owner!.token,
    });
    expect(del.status).toBe(200);
    expect((await server.api.get(path(baseId), { apiToken })).status).toBe(401);
  });

  it('reads role changes at once: a member demoted to editor loses the creator action', async () => {
    const promoted = await signUpUser(server.api, randomEmail('promoted'));
    const id = await userIdOf(server, promoted.token);
    await addBaseUser(server, baseId, id, 'creator');
    expect((await server.api.get(path(baseId), { token: promoted.token })).status).toBe(200);
    const demoted = await server.api.patch(
      `/api/v1/db/meta/projects/${baseId}/users/${id}`,
      { roles: 'editor' },
      { token: members.owner!.token },
    );
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect((await server.api.get(path(baseId), { token: promoted.token })).status).toBe(403);
  });
});
