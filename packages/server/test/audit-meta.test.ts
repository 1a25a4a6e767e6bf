import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldAudits } from '../src/audit/audit-retention.js';
import { newId } from '../src/meta/ids.js';
import { PASSWORD, randomEmail, tokenFromMail, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { addColumn, createBase, createTable, type Owner } from './meta-factories.js';

type Audit = { op_type: string; op_sub_type: string; description: string; user: string; created_at: unknown };

describe.each(testDatabases())('meta audit on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  const as = () => ({ token: owner.token });
  const audits = (query = '') =>
    server.api.get(`/api/v1/db/meta/projects/${baseId}/audits?limit=100&${query}`, as());
  /** The base's entries once one reads `description` (entries are written just after their change). */
  const entryReading = async (description: string, query = ''): Promise<Audit[]> => {
    const until = Date.now() + 5000;
    for (;;) {
      const res = await audits(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const list = res.body.list as Audit[];
      if (list.some((a) => a.description === description) || Date.now() > until) return list;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kinds = (list: Audit[]) => list.map((a) => `${a.op_type}:${a.op_sub_type} ${a.description}`);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const u = await signUpUser(server.api, randomEmail('owner'));
    owner = { token: u.token, email: u.email };
    baseId = (await createBase(server, owner, 'Audited')).id;
  });
  afterAll(async () => server?.close());

  it('records a new base and table as one entry each, not their fields, views and owner', async () => {
    await createTable(server, owner, baseId, { title: 'Tasks' });
    const list = await entryReading('Table Tasks created');
    expect(kinds(list)).toEqual(['TABLE:CREATE Table Tasks created', 'PROJECT:CREATE Base Audited created']);
    expect(list[0]).toMatchObject({ user: owner.email });
  });

  it('records fields, views, filters, sorts and shares by title, deletes included', async () => {
    const table = await createTable(server, owner, baseId, { title: 'Work' });
    const added = await addColumn(server, owner, table.id, { title: 'Status', uidt: 'SingleLineText' });
    await entryReading('Field Status of table Work created');
    const rename = await server.api.patch(
      `/api/v1/db/meta/columns/${added.column_id}`,
      { title: 'State' },
      as(),
    );
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    await entryReading('Field State of table Work updated');
    await server.api.delete(`/api/v1/db/meta/columns/${added.column_id}`, undefined, as());
    await entryReading('Field State of table Work deleted');

    const view = await server.api.post(`/api/v1/db/meta/tables/${table.id}/grids`, { title: 'Mine' }, as());
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const viewId = view.body.id;
    await entryReading('View Mine created');
    const titleField = table.columns.find((c: any) => c.pv)?.id ?? table.columns[1].id;
    const filter = await server.api.post(
      `/api/v1/db/meta/views/${viewId}/filters`,
      { fk_column_id: titleField, comparison_op: 'eq', value: 'x' },
      as(),
    );
    expect(filter.status, JSON.stringify(filter.body)).toBe(200);
    await entryReading('Filter of view Mine created');
    const sort = await server.api.post(
      `/api/v1/db/meta/views/${viewId}/sorts`,
      { fk_column_id: titleField },
      as(),
    );
    expect(sort.status, JSON.stringify(sort.body)).toBe(200);
    await entryReading('Sort of view Mine created');
    expect((await server.api.post(`/api/v1/db/meta/views/${viewId}/share`, {}, as())).status).toBe(200);
    await entryReading('Shared link of view Mine created');
    expect((await server.api.delete(`/api/v1/db/meta/views/${viewId}`, undefined, as())).status).toBe(200);
    await entryReading('View Mine deleted');
    expect((await server.api.delete(`/api/v1/db/meta/tables/${table.id}`, undefined, as())).status).toBe(200);
    const list = await entryReading('Table Work deleted');

    const views = await audits('op_type=TABLE_VIEW');
    expect(kinds(views.body.list)).toEqual([
      'TABLE_VIEW:DELETE View Mine deleted',
      'TABLE_VIEW:CREATE Shared link of view Mine created',
      'TABLE_VIEW:CREATE Sort of view Mine created',
      'TABLE_VIEW:CREATE Filter of view Mine created',
      'TABLE_VIEW:CREATE View Mine created',
    ]);
    expect(list.filter((a) => a.op_type === 'TABLE_COLUMN').map((a) => a.op_sub_type)).toEqual([
      'DELETE',
      'UPDATE',
      'CREATE',
    ]);
  });

  it('records base renames, shared base links, invitations and role changes', async () => {
    expect(
      (await server.api.patch(`/api/v1/db/meta/projects/${baseId}`, { title: 'Audited 2' }, as())).status,
    ).toBe(200);
    await entryReading('Base Audited 2 updated');
    expect((await server.api.post(`/api/v1/db/meta/projects/${baseId}/shared`, {}, as())).status).toBe(200);
    await entryReading('Shared base link created');

    const guest = await signUpUser(server.api, randomEmail('guest'));
    const guestId = await userIdOf(server, guest.token);
    const invite = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/users`,
      { email: guest.email, roles: 'viewer' },
      as(),
    );
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    await entryReading(`${guest.email} invited as viewer`);
    const change = await server.api.patch(
      `/api/v1/db/meta/projects/${baseId}/users/${guestId}`,
      { email: guest.email, roles: 'editor' },
      as(),
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const list = await entryReading(`Role of ${guest.email} changed to editor`);
    expect(list.find((a) => a.op_sub_type === 'INVITE')).toMatchObject({
      op_type: 'ORG_USER',
      user: owner.email,
    });
  });

  it('records a table rename as RENAME and webhook changes as WEBHOOKS entries', async () => {
    const table = await createTable(server, owner, baseId, { title: 'Leads' });
    await entryReading('Table Leads created');
    const renamed = await server.api.patch(
      `/api/v1/db/meta/tables/${table.id}`,
      { title: 'Prospects' },
      as(),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const list = await entryReading('Table Leads renamed to Prospects');
    expect(list.find((a) => a.description === 'Table Leads renamed to Prospects')).toMatchObject({
      op_type: 'TABLE',
      op_sub_type: 'RENAME',
      user: owner.email,
    });
    expect(kinds(list)).not.toContain('TABLE:UPDATE Table Prospects updated');

    const hook = await server.api.post(
      `/api/v1/db/meta/tables/${table.id}/hooks`,
      {
        title: 'Notify',
        operation: ['insert'],
        notification: { type: 'URL', payload: { method: 'POST', path: 'https://example.com/in' } },
      },
      as(),
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    await entryReading('Webhook Notify of table Prospects created');
    const off = await server.api.patch(`/api/v1/db/meta/hooks/${hook.body.id}`, { active: false }, as());
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await entryReading('Webhook Notify of table Prospects updated');
    expect((await server.api.delete(`/api/v1/db/meta/hooks/${hook.body.id}`, undefined, as())).status).toBe(
      200,
    );
    const hooks = await entryReading('Webhook Notify of table Prospects deleted', 'op_type=WEBHOOKS');
    expect(kinds(hooks)).toEqual([
      'WEBHOOKS:DELETE Webhook Notify of table Prospects deleted',
      'WEBHOOKS:UPDATE Webhook Notify of table Prospects updated',
      'WEBHOOKS:CREATE Webhook Notify of table Prospects created',
    ]);
  });

  it('records sign-ins, failed ones too, and password changes, resets and reset links, with the address', async () => {
    const email = randomEmail('signer');
    await signUpUser(server.api, email);
    const entries = async (expected: number) => {
      const until = Date.now() + 5000;
      let rows: any[] = [];
      while (Date.now() < until) {
        rows = await server.ctx
          .db('rb_audits')
          .where({ op_type: 'AUTHENTICATION', user: email })
          .orderBy([{ column: 'created_at' }, { column: 'id' }]);
        if (rows.length >= expected) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return rows.map((r) => ({ op: r.op_sub_type, description: r.description, ip: r.ip, base: r.base_id }));
    };
    const good = await server.api.post('/api/v1/auth/user/signin', { email, password: PASSWORD });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const bad = await server.api.post('/api/v1/auth/user/signin', { email, password: 'Wrong-password-1' });
    expect(bad.status).toBe(400);
    const changed = await server.api.post(
      '/api/v1/auth/password/change',
      { currentPassword: PASSWORD, newPassword: 'Changed-password-2' },
      { token: good.body.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await server.api.post('/api/v1/auth/password/forgot', { email })).status).toBe(200);
    const token = tokenFromMail(server, email, 'password-reset');
    const reset = await server.api.post(`/api/v1/auth/password/reset/${token}`, {
      password: 'Reset-password-3',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const list = await entries(5);
    expect(list.map(({ op, description }) => `${op} ${description}`)).toEqual([
      `SIGNIN ${email} signed in`,
      `SIGNIN Sign-in as ${email} failed`,
      `PASSWORD_CHANGE Password of ${email} changed`,
      `PASSWORD_FORGOT Password reset link asked for ${email}`,
      `PASSWORD_RESET Password of ${email} reset`,
    ]);
    for (const e of list) {
      expect(e.base).toBeNull();
      expect(e.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    }
    // A failed sign-in with an address of no account is recorded under that address.
    const stranger = randomEmail('nobody');
    await server.api.post('/api/v1/auth/user/signin', { email: stranger, password: 'Whatever-1' });
    const until = Date.now() + 5000;
    let rows: any[] = [];
    while (!rows.length && Date.now() < until) {
      rows = await server.ctx.db('rb_audits').where({ op_type: 'AUTHENTICATION', user: stranger });
      if (!rows.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows.map((r) => r.description)).toEqual([`Sign-in as ${stranger} failed`]);
  });

  it('records API tokens and accounts outside any base', async () => {
    const created = await server.api.post('/api/v1/tokens', { description: 'CI' }, as());
    expect(created.status).toBe(200);
    const until = Date.now() + 5000;
    let rows: any[] = [];
    while (!rows.length && Date.now() < until) {
      rows = await server.ctx.db('rb_audits').where({ op_type: 'AUTHENTICATION', op_sub_type: 'CREATE' });
      if (!rows.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      base_id: null,
      user: owner.email,
      description: `API token of ${owner.email} created`,
    });
    const signups = await server.ctx.db('rb_audits').where({ op_type: 'ORG_USER', op_sub_type: 'CREATE' });
    expect(signups.map((r: any) => r.description)).toContain(`User ${owner.email} created`);
  });

  it('filters by user, type, operation and date range, and pages', async () => {
    const all = (await audits()).body;
    expect(all.pageInfo.totalRows).toBeGreaterThan(10);
    const page = (await server.api.get(`/api/v1/db/meta/projects/${baseId}/audits?limit=3&offset=3`, as()))
      .body;
    expect(page.list.map((a: any) => a.id)).toEqual(all.list.slice(3, 6).map((a: any) => a.id));
    expect(
      (await server.api.get(`/api/v1/db/meta/projects/${baseId}/audits?limit=3&offset=3`, as())).body
        .pageInfo,
    ).toMatchObject({ pageSize: 3, page: 2 });
    const byOp = (await audits('op_type=TABLE&op_sub_type=DELETE')).body.list;
    expect(kinds(byOp)).toEqual(['TABLE:DELETE Table Work deleted']);
    expect((await audits(`user=${encodeURIComponent(owner.email)}`)).body.list).toHaveLength(all.list.length);
    expect((await audits('user=nobody@example.com')).body.list).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await audits(`from=${future}`)).body.list).toEqual([]);
    expect((await audits(`to=${future}`)).body.list).toHaveLength(all.list.length);
    const bad = await audits('to=soon');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/to/);
  });

  it('keeps entries for the retention set in the app settings, purged by the job', async () => {
    const save = (body: unknown) => server.api.post('/api/v1/app-settings', body, as());
    expect((await save({ audit_retention_days: -1 })).status).toBe(400);
    expect((await save({ audit_retention_days: 'week' })).body.msg).toMatch(/audit_retention_days/);
    expect((await save({ audit_retention_days: 30 })).status).toBe(200);
    expect((await server.api.get('/api/v1/app-settings', as())).body).toEqual({
      invite_only_signup: false,
      audit_retention_days: 30,
    });
    const old = newId('audit');
    const fresh = newId('audit');
    const day = 24 * 60 * 60 * 1000;
    await server.ctx.db('rb_audits').insert([
      {
        id: old,
        base_id: baseId,
        op_type: 'META',
        op_sub_type: 'UPDATE',
        description: 'old',
        created_at: Date.now() - 31 * day,
      },
      {
        id: fresh,
        base_id: baseId,
        op_type: 'META',
        op_sub_type: 'UPDATE',
        description: 'fresh',
        created_at: Date.now() - 29 * day,
      },
    ]);
    const job = await server.ctx.jobs.enqueue({ kind: 'audit-purge', input: {}, baseId: null, userId: null });
    const until = Date.now() + 10_000;
    while ((await server.ctx.jobs.get(job.id))?.status !== 'completed' && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect((await server.ctx.jobs.get(job.id))?.status).toBe('completed');
    expect(await server.ctx.db('rb_audits').whereIn('id', [old, fresh]).pluck('description')).toEqual([
      'fresh',
    ]);
    expect((await save({ audit_retention_days: 0 })).status).toBe(200);
    await server.ctx.db('rb_audits').where({ id: fresh }).update({ created_at: 0 });
    expect(await purgeOldAudits(server.ctx)).toBe(0);
  });

  it('says in app info whether the audit is on; NC_DISABLE_AUDIT=true records nothing', async () => {
    expect((await server.api.get('/api/v1/db/meta/nocodb/info')).body.auditEnabled).toBe(true);
    const off = await startTestServer(kind, { NC_DISABLE_AUDIT: 'true' });
    try {
      expect((await off.api.get('/api/v1/db/meta/nocodb/info')).body.auditEnabled).toBe(false);
      const u = await signUpUser(off.api, randomEmail('quiet'));
      const base = await createBase(off, { token: u.token, email: u.email }, 'Quiet');
      await createTable(off, { token: u.token, email: u.email }, base.id, { title: 'Still' });
      await new Promise((r) => setTimeout(r, 200));
      const res = await off.api.get(`/api/v1/db/meta/projects/${base.id}/audits`, { token: u.token });
      expect(res.body.list).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
