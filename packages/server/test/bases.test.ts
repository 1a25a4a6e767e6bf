import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { jobResult } from './jobs-fixtures.js';
import { addColumn, createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

describe.each(testDatabases())('bases on %s', (kind) => {
  let server: TestServer;
  let admin: Owner;
  let other: Owner & { id: string };
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signedInOwner(server);
    const u = await signUpUser(server.api);
    const me = await server.api.get('/api/v1/auth/user/me', { token: u.token });
    other = { token: u.token, email: u.email, id: me.body.id };
  });
  afterAll(async () => server?.close());

  it('creates a base with its default source and makes the creator owner', async () => {
    const res = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Sales', description: 'd', color: '#4351E8' },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Sales', description: 'd', color: '#4351E8', type: 'database' });
    expect(res.body.prefix).toMatch(/^nc_[a-z0-9]{4}__$/);
    expect(res.body.sources).toHaveLength(1);
    expect(res.body.sources[0]).toMatchObject({
      is_meta: true,
      enabled: true,
      type: kind === 'sqlite' ? 'sqlite3' : kind === 'pg' ? 'pg' : 'mysql2',
    });
    const users = await server.api.get(`/api/v1/db/meta/projects/${res.body.id}/users`, {
      token: admin.token,
    });
    expect(users.body.users.list).toEqual([expect.objectContaining({ email: admin.email, roles: 'owner' })]);
    const v2 = await server.api.get(`/api/v2/meta/bases/${res.body.id}`, { token: admin.token });
    expect(v2.body.id).toBe(res.body.id);
    const v2users = await server.api.get(`/api/v2/meta/bases/${res.body.id}/users`, { token: admin.token });
    expect(v2users.body.users.list).toHaveLength(1);
  });

  it('validates the title and refuses org viewers creating bases', async () => {
    const blank = await server.api.post('/api/v1/db/meta/projects', { title: '' }, { token: admin.token });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toMatch(/title/i);
    const padded = await server.api.post('/api/v2/meta/bases', { title: ' x' }, { token: admin.token });
    expect(padded.status).toBe(400);
    const viewer = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Mine' },
      { token: other.token },
    );
    expect(viewer.status).toBe(403);
    const anon = await server.api.get('/api/v1/db/meta/projects');
    expect(anon.status).toBe(401);
  });

  it('lists only the bases a user belongs to, and base roles decide what they may do', async () => {
    const base = await createBase(server, admin, 'Shared');
    let list = await server.api.get('/api/v1/db/meta/projects', { token: other.token });
    expect(list.body.list.map((b: any) => b.id)).not.toContain(base.id);
    expect((await server.api.get(`/api/v1/db/meta/projects/${base.id}`, { token: other.token })).status).toBe(
      403,
    );

    const invite = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/users`,
      { email: other.email, roles: 'viewer' },
      { token: admin.token },
    );
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    list = await server.api.get('/api/v1/db/meta/projects', { token: other.token });
    expect(list.body.list.map((b: any) => b.id)).toContain(base.id);
    const denied = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/tables`,
      { title: 'T' },
      { token: other.token },
    );
    expect(denied.status).toBe(403);

    const promote = await server.api.patch(
      `/api/v1/db/meta/projects/${base.id}/users/${other.id}`,
      { roles: 'creator' },
      { token: admin.token },
    );
    expect(promote.status, JSON.stringify(promote.body)).toBe(200);
    const allowed = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/tables`,
      { title: 'T' },
      { token: other.token },
    );
    expect(allowed.status).toBe(200);
    const noDelete = await server.api.delete(`/api/v1/db/meta/projects/${base.id}`, undefined, {
      token: other.token,
    });
    expect(noDelete.status).toBe(403);

    const badRole = await server.api.patch(
      `/api/v1/db/meta/projects/${base.id}/users/${other.id}`,
      { roles: 'king' },
      { token: admin.token },
    );
    expect(badRole.status).toBe(400);
    const me = await server.api.get('/api/v1/auth/user/me', { token: admin.token });
    const lastOwner = await server.api.delete(
      `/api/v1/db/meta/projects/${base.id}/users/${me.body.id}`,
      undefined,
      { token: admin.token },
    );
    expect(lastOwner.status).toBe(400);
    const remove = await server.api.delete(
      `/api/v1/db/meta/projects/${base.id}/users/${other.id}`,
      undefined,
      { token: admin.token },
    );
    expect(remove.status).toBe(200);
    expect(
      (await server.api.get(`/api/v1/db/meta/projects/${base.id}/tables`, { token: other.token })).status,
    ).toBe(403);
  });

  it('invites a new e-mail address into a base as an invited account', async () => {
    const base = await createBase(server, admin, 'Invites');
    const res = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/users`,
      { email: 'New.Person@example.com', roles: 'editor' },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      msg: 'The user has been invited successfully',
      email: 'new.person@example.com',
    });
    expect(res.body.invite_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const users = await server.api.get(`/api/v1/db/meta/projects/${base.id}/users`, { token: admin.token });
    expect(users.body.users.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'new.person@example.com',
          roles: 'editor',
          invite_token: 'pending',
        }),
      ]),
    );
    const bad = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/users`,
      { email: 'not-an-email', roles: 'editor' },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);
  });

  it('lets an invitee sign up through the returned link and land in the base with the invited role', async () => {
    const base = await createBase(server, admin, 'Invite link');
    const res = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/users`,
      { email: 'linked@example.com', roles: 'viewer' },
      { token: admin.token },
    );
    expect(res.body.invite_url).toMatch(
      new RegExp(`/#/signup/[^?]+\\?continueAfterSignIn=${encodeURIComponent(`/nc/${base.id}`)}$`),
    );
    expect(server.ctx.outbox.latest('linked@example.com', 'invite')?.link).toBe(res.body.invite_url);
    const token = decodeURIComponent(res.body.invite_url.split('/#/signup/')[1].split('?')[0]);
    expect(token).toBe(res.body.invite_token);
    const signup = await server.api.post('/api/v1/auth/user/signup', {
      email: 'linked@example.com',
      password: 'Secret-pass-1',
      token,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const me = await server.api.get(`/api/v1/auth/user/me?base_id=${base.id}`, { token: signup.body.token });
    expect(me.body).toMatchObject({ email_verified: true, base_roles: { viewer: true } });
    const tables = await server.api.get(`/api/v1/db/meta/projects/${base.id}/tables`, {
      token: signup.body.token,
    });
    expect(tables.status).toBe(200);
    const again = await server.api.post('/api/v1/auth/user/signup', {
      email: 'linked@example.com',
      password: 'Secret-pass-2',
    });
    expect(again.body.msg).toBe('User already exist');
  });

  it('lets an invitee sign up with the invited address alone while sign-up is open, not when invite-only', async () => {
    const base = await createBase(server, admin, 'Invite address');
    for (const email of ['open@example.com', 'closed@example.com'])
      await server.api.post(
        `/api/v1/db/meta/projects/${base.id}/users`,
        { email, roles: 'editor' },
        { token: admin.token },
      );
    const open = await server.api.post('/api/v1/auth/user/signup', {
      email: 'open@example.com',
      password: 'Secret-pass-1',
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const me = await server.api.get(`/api/v1/auth/user/me?base_id=${base.id}`, { token: open.body.token });
    // The mailbox is not proven by an address typed in, so it still has to be verified.
    expect(me.body).toMatchObject({ email_verified: false, base_roles: { editor: true } });
    expect(server.ctx.outbox.latest('open@example.com', 'email-verification')).toMatchObject({
      to: 'open@example.com',
      kind: 'email-verification',
      link: expect.stringContaining('http'),
    });

    await server.api.post('/api/v1/app-settings', { invite_only_signup: true }, { token: admin.token });
    try {
      const closed = await server.api.post('/api/v1/auth/user/signup', {
        email: 'closed@example.com',
        password: 'Secret-pass-1',
      });
      expect(closed.status).toBe(400);
      expect(closed.body.msg).toBe(
        'This e-mail address was invited: open the link in the invitation to sign up',
      );
    } finally {
      await server.api.post('/api/v1/app-settings', { invite_only_signup: false }, { token: admin.token });
    }
  });

  it('updates and deletes a base, dropping its tables', async () => {
    const base = await createBase(server, admin, 'Temp');
    const t = await createTable(server, admin, base.id, { title: 'Things' });
    const patch = await server.api.patch(
      `/api/v1/db/meta/projects/${base.id}`,
      { title: 'Temp 2', color: '#FF0000' },
      { token: admin.token },
    );
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ title: 'Temp 2', color: '#FF0000' });
    const del = await server.api.delete(`/api/v1/db/meta/projects/${base.id}`, undefined, {
      token: admin.token,
    });
    expect(del.status).toBe(200);
    expect(await server.ctx.db.schema.hasTable(t.table_name)).toBe(false);
    expect((await server.api.get(`/api/v1/db/meta/projects/${base.id}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('serves info, cost, empty-filter check, audits and visibility rules', async () => {
    const base = await createBase(server, admin, 'Extras');
    const t = await createTable(server, admin, base.id, { title: 'Things' });
    const info = await server.api.get(`/api/v1/db/meta/projects/${base.id}/info`, { token: admin.token });
    expect(info.body).toMatchObject({ Node: process.version, RootDB: kind });
    const cost = await server.api.get(`/api/v1/db/meta/projects/${base.id}/cost`, { token: admin.token });
    expect(cost.body).toMatchObject({ cost: 0, tableCount: 1, userCount: 1 });
    const filters = await server.api.get(`/api/v1/db/meta/projects/${base.id}/has-empty-or-null-filters`, {
      token: admin.token,
    });
    expect(filters.body).toBe(false);
    const audits = await server.api.get(`/api/v1/db/meta/projects/${base.id}/audits?limit=10`, {
      token: admin.token,
    });
    expect(audits.body).toMatchObject({ pageInfo: { pageSize: 10, isFirstPage: true, totalRows: 2 } });
    expect(audits.body.list.map((a: any) => `${a.op_type}:${a.op_sub_type}`).sort()).toEqual([
      'PROJECT:CREATE',
      'TABLE:CREATE',
    ]);
    expect(audits.body.list.find((a: any) => a.op_type === 'TABLE')).toMatchObject({
      user: admin.email,
      description: 'Table Things created',
    });

    const rules = await server.api.get(`/api/v1/db/meta/projects/${base.id}/visibility-rules`, {
      token: admin.token,
    });
    expect(rules.body).toHaveLength(1);
    expect(rules.body[0].disabled).toEqual({
      owner: false,
      creator: false,
      editor: false,
      commenter: false,
      viewer: false,
    });
    const viewId = t.views[0].id;
    const save = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/visibility-rules`,
      [{ id: viewId, disabled: { viewer: true } }],
      { token: admin.token },
    );
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const after = await server.api.get(`/api/v1/db/meta/projects/${base.id}/visibility-rules`, {
      token: admin.token,
    });
    expect(after.body[0].disabled.viewer).toBe(true);
  });

  it('duplicates a base with its tables, links and rows', async () => {
    const base = await createBase(server, admin, 'Original');
    const a = await createTable(server, admin, base.id, { title: 'Authors' });
    const b = await createTable(server, admin, base.id, { title: 'Books' });
    await addColumn(server, admin, a.id, {
      title: 'Books',
      uidt: 'Links',
      parentId: a.id,
      childId: b.id,
      type: 'hm',
    });
    await server.ctx.db(a.table_name).insert({ title: 'Ann' });
    await server.ctx.db(b.table_name).insert({ title: 'B1', Authors_id: 1 });
    const dup = await server.api.post(
      `/api/v1/db/meta/duplicate/${base.id}`,
      { options: {} },
      { token: admin.token },
    );
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    const copyId = dup.body.base_id;
    expect(copyId).not.toBe(base.id);
    // The answer carries the job id; the copy is filled by the job.
    expect(dup.body.id).toMatch(/^jb/);
    expect(await jobResult(server, dup.body.id, admin.token)).toMatchObject({ base_id: copyId });
    const tables = (await server.api.get(`/api/v1/db/meta/projects/${copyId}/tables`, { token: admin.token }))
      .body.list;
    expect(tables.map((t: any) => t.title)).toEqual(['Authors', 'Books']);
    const authors = (await server.api.get(`/api/v1/db/meta/tables/${tables[0].id}`, { token: admin.token }))
      .body;
    const link = authors.columns.find((c: any) => c.uidt === 'Links');
    expect(link.colOptions.fk_related_model_id).toBe(tables[1].id);
    expect(authors.table_name).not.toBe(a.table_name);
    const books = await server.ctx.db(tables[1].table_name).select('title', 'Authors_id');
    expect(books).toEqual([{ title: 'B1', Authors_id: 1 }]);
  });
});
