import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, randomEmail, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, productRow, type ProductTable } from './rows-fixtures.js';
import { startReceiver, waitFor } from './webhook-receiver.js';

const urlHook = (title: string, url: string, extra: Record<string, unknown> = {}) => ({
  title,
  event: 'after',
  operation: ['insert', 'update', 'delete'],
  notification: {
    type: 'URL',
    payload: {
      method: 'POST',
      path: url,
      headers: [{ name: 'X-Secret', value: 's3cret', enabled: true }],
      parameters: [{ name: 'source', value: 'rowbase', enabled: true }],
    },
  },
  ...extra,
});

describe.each(testDatabases())('webhooks on %s', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: ProductTable;
  const as = () => ({ token: t.owner.token });
  const hooksPath = () => `/api/v1/db/meta/tables/${t.tableId}/hooks`;
  /** The hook's logs once there are `n` of them (each is written after its request was answered). */
  const logsOf = async (hookId: string, n: number) => {
    const until = Date.now() + 5000;
    for (;;) {
      const page = await server.api.get(`/api/v1/db/meta/hooks/${hookId}/logs`, as());
      expect(page.status).toBe(200);
      if (page.body.list.length >= n || Date.now() > until) return page.body.list as any[];
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { NC_ALLOW_LOCAL_HOOKS: 'true', NC_AUTOMATION_LOG_LEVEL: 'ALL' });
    receiver = await startReceiver();
    t = await createProductTable(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('creates, lists, updates and deletes hooks, with operation as a string or a list', async () => {
    const created = await server.api.post(
      hooksPath(),
      { ...urlHook('Legacy', `${receiver.url}/legacy`), operation: 'insert', active: false },
      as(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^hk/),
      fk_model_id: t.tableId,
      title: 'Legacy',
      event: 'after',
      operation: ['insert'],
      active: false,
      retries: 0,
      notification: { type: 'URL', payload: { method: 'POST', path: `${receiver.url}/legacy` } },
    });
    const patched = await server.api.patch(
      `/api/v2/meta/hooks/${created.body.id}`,
      { title: 'Renamed', operation: ['insert', 'delete'] },
      as(),
    );
    expect(patched.body).toMatchObject({ title: 'Renamed', operation: ['insert', 'delete'] });
    const list = await server.api.get(hooksPath(), as());
    expect(list.body.list.map((h: { title: string }) => h.title)).toContain('Renamed');
    const del = await server.api.delete(`/api/v1/db/meta/hooks/${created.body.id}`, undefined, as());
    expect(del.status).toBe(200);
    expect(await server.ctx.db('rb_hooks').where({ id: created.body.id }).first()).toBeUndefined();
  });

  it('refuses bad input naming the field, and callers below creator', async () => {
    const bad = await server.api.post(
      hooksPath(),
      { ...urlHook('Bad', 'not a url'), operation: ['explode'] },
      as(),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/operation/);
    expect(JSON.stringify(bad.body)).toMatch(/notification.payload.path/);

    const editor = await signUpUser(server.api, randomEmail('editor'));
    await addBaseUser(server, t.baseId, await userIdOf(server, editor.token), 'editor');
    const refused = await server.api.post(hooksPath(), urlHook('Nope', receiver.url), {
      token: editor.token,
    });
    expect(refused.status).toBe(403);
    expect(await server.ctx.db('rb_hooks').where({ title: 'Nope' }).first()).toBeUndefined();
  });

  it('delivers a run of writes in write order, and names the table as it is after a rename', async () => {
    // The hooks and the table's title are kept in memory (docs/webhooks.md "Conditions"); a rename must reach
    // the payloads all the same.
    const own = await createProductTable(server, t.owner, 'Orders');
    const created = await server.api.post(
      `/api/v1/db/meta/tables/${own.tableId}/hooks`,
      urlHook('Run', `${receiver.url}/run`),
      as(),
    );
    expect(created.status).toBe(200);
    const fromRun = () => receiver.received.filter((r) => r.url.startsWith('/run'));
    const row = (await server.api.post(own.v1, productRow(0), as())).body;
    for (let i = 1; i <= 12; i++) {
      const res = await server.api.patch(`${own.v1}/${row.Id}`, { Qty: i }, as());
      expect(res.status).toBe(200);
    }
    const renamed = await server.api.patch(`/api/v1/db/meta/tables/${own.tableId}`, { title: 'Sales' }, as());
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await server.api.patch(`${own.v1}/${row.Id}`, { Qty: 13 }, as());
    await waitFor(() => fromRun()[13], 'the last delivery');
    const got = fromRun().map((r) => [r.body.type, r.body.data.table_name, r.body.data.rows[0].Qty]);
    expect(got).toEqual([
      ['records.after.insert', 'Orders', 0],
      ...Array.from({ length: 12 }, (_, i) => ['records.after.update', 'Orders', i + 1]),
      ['records.after.update', 'Sales', 13],
    ]);
    expect(fromRun()[13]!.body.data.previous_rows[0].Qty).toBe(12);
  });

  it('delivers inserts, updates, bulk writes and deletes in NocoDB payload shape, and logs each delivery', async () => {
    const hook = (await server.api.post(hooksPath(), urlHook('Sync', `${receiver.url}/sync`), as())).body;
    const fromSync = () => receiver.received.filter((r) => r.url.startsWith('/sync'));

    const inserted = await server.api.post(t.v1, productRow(1), as());
    expect(inserted.status).toBe(200);
    const first = await waitFor(() => fromSync()[0], 'the insert delivery');
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/sync?source=rowbase');
    expect(first.headers['x-secret']).toBe('s3cret');
    expect(first.body).toMatchObject({
      type: 'records.after.insert',
      version: 'v2',
      data: {
        table_id: t.tableId,
        table_name: 'Products',
        rows: [{ Id: inserted.body.Id, Title: 'Product 1' }],
      },
    });

    await server.api.patch(`${t.v1}/${inserted.body.Id}`, { Title: 'Renamed product' }, as());
    const update = await waitFor(() => fromSync()[1], 'the update delivery');
    expect(update.body.type).toBe('records.after.update');
    expect(update.body.data.rows[0]).toMatchObject({ Id: inserted.body.Id, Title: 'Renamed product' });
    expect(update.body.data.previous_rows[0]).toMatchObject({ Id: inserted.body.Id, Title: 'Product 1' });

    await server.api.post(t.bulk, [productRow(2), productRow(3)], as());
    const bulk = await waitFor(() => fromSync()[2], 'the bulk insert delivery');
    expect(bulk.body.type).toBe('records.after.bulkInsert');
    expect(bulk.body.data.rows.map((r: { Title: string }) => r.Title)).toEqual(['Product 2', 'Product 3']);

    await server.api.delete(`${t.v1}/${inserted.body.Id}`, undefined, as());
    const deleted = await waitFor(() => fromSync()[3], 'the delete delivery');
    expect(deleted.body.type).toBe('records.after.delete');
    expect(deleted.body.data.rows[0]).toMatchObject({ Id: inserted.body.Id, Title: 'Renamed product' });

    await logsOf(hook.id, 4);
    const page = await server.api.get(`/api/v1/db/meta/hooks/${hook.id}/logs?limit=2`, as());
    expect(page.status).toBe(200);
    expect(page.body.pageInfo).toMatchObject({
      totalRows: 4,
      pageSize: 2,
      isFirstPage: true,
      isLastPage: false,
    });
    expect(page.body.list[0]).toMatchObject({
      fk_hook_id: hook.id,
      operation: 'delete',
      test_call: false,
      error_code: null,
      attempt: 1,
    });
    expect(JSON.parse(page.body.list[0].response)).toMatchObject({ status: 200, data: '{"ok":true}' });

    // Switched off, the hook stays quiet.
    await server.api.patch(`/api/v1/db/meta/hooks/${hook.id}`, { active: false }, as());
    await server.api.post(t.v1, productRow(4), as());
    await new Promise((r) => setTimeout(r, 300));
    expect(fromSync()).toHaveLength(4);
  });

  it('follows a hook changed by another app process once the change feed says so', async () => {
    const hook = (await server.api.post(hooksPath(), urlHook('Elsewhere', `${receiver.url}/elsewhere`), as()))
      .body;
    const sent = () => receiver.received.filter((r) => r.url.startsWith('/elsewhere'));
    await server.api.post(t.v1, productRow(21), as());
    await waitFor(() => sent()[0], 'the first delivery');
    // Another process switches the hook off: its row changes, and its change event reaches this process.
    await server.ctx.db('rb_hooks').where({ id: hook.id }).update({ active: false });
    server.ctx.changes.deliver({
      type: 'hook.changed',
      action: 'updated',
      baseId: t.baseId,
      tableId: t.tableId,
      hookId: hook.id,
      origin: 'another-process',
      seq: 1,
      at: Date.now(),
    });
    await server.api.post(t.v1, productRow(22), as());
    await new Promise((r) => setTimeout(r, 300));
    expect(sent()).toHaveLength(1);
    await server.api.patch(`/api/v1/db/meta/hooks/${hook.id}`, { active: true }, as());
    await server.api.post(t.v1, productRow(23), as());
    const again = await waitFor(() => sent()[1], 'the delivery after switching back on');
    expect(again.body.data.rows[0]).toMatchObject({ Title: 'Product 23' });
    await server.api.delete(`/api/v1/db/meta/hooks/${hook.id}`, undefined, as());
  });

  it('retries a failing receiver and logs every attempt', async () => {
    const hook = (
      await server.api.post(
        hooksPath(),
        urlHook('Flaky', `${receiver.url}/flaky`, { operation: ['insert'], retries: 2, retry_interval: 50 }),
        as(),
      )
    ).body;
    await server.api.post(t.v1, productRow(5), as());
    await waitFor(
      () => (receiver.received.filter((r) => r.url.startsWith('/flaky')).length === 3 ? true : undefined),
      'three attempts',
    );
    const logs = await logsOf(hook.id, 3);
    expect(
      logs.map((l: { attempt: number; error_code: string | null }) => [l.attempt, l.error_code]),
    ).toEqual([
      [3, null],
      [2, 'HTTP_503'],
      [1, 'HTTP_503'],
    ]);
  });

  it('tests a hook with a sample payload, and refuses local addresses unless allowed', async () => {
    const before = receiver.received.length;
    const ok = await server.api.post(
      `${hooksPath()}/test`,
      { hook: urlHook('Try', `${receiver.url}/try`, { operation: ['insert'] }) },
      as(),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.msg).toBe('Success');
    const got = receiver.received.slice(before).find((r) => r.url.startsWith('/try'));
    expect(got?.body.type).toBe('records.after.insert');
    expect(Object.keys(got?.body.data.rows[0])).toContain('Title');

    const sample = await server.api.get(`${hooksPath()}/samplePayload/update/v2`, as());
    expect(sample.body).toMatchObject({ type: 'records.after.update', data: { table_id: t.tableId } });

    server.ctx.config.allowLocalHooks = false;
    try {
      for (const target of [
        `${receiver.url}/blocked`,
        receiver.url.replace('127.0.0.1', 'localhost') + '/blocked',
      ]) {
        const refused = await server.api.post(
          `${hooksPath()}/test`,
          { hook: urlHook('Local', target) },
          as(),
        );
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toMatch(/Webhook test failed: .*local or private address/);
      }
      expect(receiver.received.filter((r) => r.url.startsWith('/blocked'))).toHaveLength(0);
    } finally {
      server.ctx.config.allowLocalHooks = true;
    }
  });
  it('keeps the logs NC_AUTOMATION_LOG_LEVEL asks for: none when OFF, failures when ERROR, all when ALL', async () => {
    let failures = 0;
    const failing = createServer((_req, res) => (failures++, res.writeHead(500).end('down')));
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/down`;
    const ok = (await server.api.post(hooksPath(), urlHook('Levels ok', `${receiver.url}/levels`), as()))
      .body;
    const bad = (await server.api.post(hooksPath(), urlHook('Levels bad', failingUrl), as())).body;
    const delivered = () => receiver.received.filter((r) => r.url.startsWith('/levels')).length;
    const logCount = async (id: string) =>
      (await server.api.get(`/api/v1/db/meta/hooks/${id}/logs`, as())).body.pageInfo.totalRows;
    try {
      for (const level of ['OFF', 'ERROR', 'ALL'] as const) {
        server.ctx.config.automationLogLevel = level;
        const [okBefore, badBefore] = [delivered(), failures];
        await server.api.post(t.v1, productRow(900), as());
        await waitFor(() => (delivered() > okBefore && failures > badBefore ? true : undefined), level);
        // The attempt is logged (or not) just after its answer: let that settle before the level changes.
        await new Promise((r) => setTimeout(r, 300));
      }
      await logsOf(ok.id, 1);
      await logsOf(bad.id, 2);
      expect(await logCount(ok.id)).toBe(1);
      expect(await logCount(bad.id)).toBe(2);
      const info = await server.api.get('/api/v1/db/meta/nocodb/info');
      expect(info.body.automationLogLevel).toBe('ALL');
    } finally {
      server.ctx.config.automationLogLevel = 'ALL';
      for (const h of [ok, bad]) await server.api.delete(`/api/v1/db/meta/hooks/${h.id}`, undefined, as());
      await new Promise<void>((r) => failing.close(() => r()));
    }
  });
});
