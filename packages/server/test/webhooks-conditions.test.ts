/**
 * Webhook conditions (hook filters), the Email and chat kinds, the manual trigger and per-hook delivery order,
 * against a real HTTP receiver and a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { startSmtp, type TestSmtp } from './protocol-servers.js';
import { createProductTable, productRow, type ProductTable } from './rows-fixtures.js';
import { startReceiver, waitFor } from './webhook-receiver.js';

const settle = () => new Promise((r) => setTimeout(r, 400));

describe.each(testDatabases())('webhook conditions, kinds, trigger and order on %s', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: TestSmtp;
  let t: ProductTable;
  const as = () => ({ token: t.owner.token });
  const hooksPath = () => `/api/v1/db/meta/tables/${t.tableId}/hooks`;
  const columnId = (title: string) => t.table.columns.find((c: { title: string }) => c.title === title).id;
  const at = (path: string) => receiver.received.filter((r) => r.url.startsWith(path));
  const urlHook = (title: string, path: string, operation: string[]) => ({
    title,
    operation,
    notification: { type: 'URL', payload: { method: 'POST', path: `${receiver.url}${path}` } },
  });
  const createHook = async (body: Record<string, unknown>) => {
    const res = await server.api.post(hooksPath(), body, as());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { NC_ALLOW_LOCAL_HOOKS: 'true', NC_AUTOMATION_LOG_LEVEL: 'ALL' });
    receiver = await startReceiver();
    smtp = await startSmtp();
    // The first user to sign up is the super admin who may configure the SMTP plugin.
    t = await createProductTable(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it('sends only the rows that meet the conditions, with groups, and keeps conditions in the filter API', async () => {
    const hook = await createHook(urlHook('Closed only', '/cond', ['insert', 'update', 'delete']));
    const filters = `/api/v1/db/meta/hooks/${hook.id}/filters`;
    const top = await server.api.post(
      filters,
      { fk_column_id: columnId('Status'), comparison_op: 'eq', value: 'closed' },
      as(),
    );
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body).toMatchObject({ fk_hook_id: hook.id, fk_view_id: null, comparison_op: 'eq' });
    const group = await server.api.post(
      filters,
      {
        is_group: true,
        logical_op: 'and',
        children: [
          { fk_column_id: columnId('Qty'), comparison_op: 'gt', value: '10', logical_op: 'or' },
          { fk_column_id: columnId('Title'), comparison_op: 'like', value: 'VIP', logical_op: 'or' },
        ],
      },
      as(),
    );
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const listed = await server.api.get(filters, as());
    expect(listed.body.list).toHaveLength(2);
    expect(listed.body.list[1].children).toHaveLength(2);

    const bad = await server.api.post(
      filters,
      { fk_column_id: columnId('Qty'), comparison_op: 'like', value: 'x' },
      as(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/like.*Qty/);

    // Closed and Qty 11: heard. Open: not. Closed with Qty 3 and no VIP: not. Closed VIP: heard.
    const heard = (await server.api.post(t.v1, productRow(11), as())).body;
    await server.api.post(t.v1, productRow(12), as());
    const quiet = (await server.api.post(t.v1, productRow(3), as())).body;
    await server.api.post(t.v1, productRow(5, { Title: 'VIP 5' }), as());
    await waitFor(() => (at('/cond').length >= 2 ? true : undefined), 'two deliveries');
    await settle();
    expect(at('/cond').map((r) => r.body.data.rows[0].Title)).toEqual(['Product 11', 'VIP 5']);

    // An update that makes the row meet the conditions is heard; its previous values come along.
    await server.api.patch(`${t.v1}/${quiet.Id}`, { Qty: 30 }, as());
    const update = await waitFor(() => at('/cond')[2], 'the update');
    expect(update.body.type).toBe('records.after.update');
    expect(update.body.data.rows[0]).toMatchObject({ Id: quiet.Id, Qty: 30 });
    expect(update.body.data.previous_rows[0]).toMatchObject({ Qty: 3 });

    // Deleted rows are matched on their values as they were.
    await server.api.delete(`${t.v1}/${heard.Id}`, undefined, as());
    const deleted = await waitFor(() => at('/cond')[3], 'the delete');
    expect(deleted.body.data.rows[0]).toMatchObject({ Id: heard.Id, Title: 'Product 11' });

    // Changing a condition through the filter API takes effect at once.
    await server.api.patch(`/api/v1/db/meta/filters/${top.body.id}`, { value: 'open' }, as());
    await server.api.post(t.v1, productRow(20), as());
    const afterPatch = await waitFor(() => at('/cond')[4], 'the open row');
    expect(afterPatch.body.data.rows[0].Title).toBe('Product 20');

    const editor = await signUpUser(server.api);
    const refused = await server.api.delete(`/api/v1/db/meta/filters/${top.body.id}`, undefined, {
      token: editor.token,
    });
    expect(refused.status).toBe(403);
    await server.api.delete(`/api/v1/db/meta/hooks/${hook.id}`, undefined, as());
    expect(await server.ctx.db('rb_filters').where({ fk_hook_id: hook.id })).toHaveLength(0);
  });

  it('posts a readable message to Slack and Discord channels, and fills a body template', async () => {
    await createHook({
      title: 'Chat',
      operation: ['update'],
      notification: {
        type: 'Slack',
        payload: { channels: [{ channel: '#ops', webhook_url: `${receiver.url}/slack` }] },
      },
    });
    await createHook({
      title: 'Discord',
      operation: ['update'],
      notification: {
        type: 'Discord',
        payload: {
          channels: [{ webhook_url: `${receiver.url}/discord` }],
          body: '{{ data.table_name }}: row {{ data.rows.[0].Id }} is {{ data.rows.[0].Status }}',
        },
      },
    });
    const row = (await server.api.post(t.v1, productRow(40, { Status: 'open' }), as())).body;
    await server.api.patch(`${t.v1}/${row.Id}`, { Status: 'closed' }, as());
    const slack = await waitFor(() => at('/slack')[0], 'the Slack message');
    expect(slack.body.text).toContain('Products: records updated: 1');
    expect(slack.body.text).toContain('Status: open → closed');
    const discord = await waitFor(() => at('/discord')[0], 'the Discord message');
    expect(discord.body).toEqual({ content: `Products: row ${row.Id} is closed` });

    const bad = await server.api.post(
      hooksPath(),
      {
        title: 'No channel',
        operation: ['insert'],
        notification: { type: 'Slack', payload: { channels: [] } },
      },
      as(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/channels/);
  });

  it('e-mails through the SMTP plugin', async () => {
    const plugin = await server.api.patch(
      '/api/v1/db/meta/plugins/pl_smtp',
      {
        input: JSON.stringify({
          from: 'rowbase@example.com',
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          ignoreTLS: true,
        }),
        active: true,
      },
      as(),
    );
    expect(plugin.status, JSON.stringify(plugin.body)).toBe(200);
    const hook = await createHook({
      title: 'Mail',
      operation: ['insert'],
      notification: {
        type: 'Email',
        payload: { to: 'ops@example.com', subject: 'New product {{ data.rows.[0].Title }}' },
      },
    });
    await server.api.post(t.v1, productRow(50), as());
    const mail = await smtp.waitFor('ops@example.com');
    expect(mail.subject).toBe('New product Product 50');
    expect(mail.text).toContain('Products: records added: 1');
    expect(mail.text).toContain('Title: Product 50');
    let logged: any[] = [];
    for (let i = 0; i < 50 && !logged.length; i++) {
      logged = (await server.api.get(`/api/v1/db/meta/hooks/${hook.id}/logs`, as())).body.list;
      if (!logged.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(logged[0]).toMatchObject({ type: 'Email', error_code: null });

    const bad = await server.api.post(
      hooksPath(),
      {
        title: 'Bad mail',
        operation: ['insert'],
        notification: { type: 'Email', payload: { to: 'nope', subject: 'x' } },
      },
      as(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/notification.payload.to/);
  });

  it("writes an Email hook's summary in the language of whoever last saved it", async () => {
    // The SMTP plugin was configured by the test above; a subject rendering empty falls back to the summary.
    const german = { ...as(), headers: { 'accept-language': 'de-DE,de;q=0.9' } };
    const mailHook = (to: string) => ({
      title: `Mail ${to}`,
      operation: ['update'],
      notification: { type: 'Email', payload: { to, subject: '{{ data.nothing }}' } },
    });
    const res = await server.api.post(hooksPath(), mailHook('de@example.com'), german);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).not.toHaveProperty('mail_locale');
    // Created in German, then saved again in English: English wins.
    const en = (await server.api.post(hooksPath(), mailHook('en@example.com'), german)).body;
    const saved = await server.api.patch(`/api/v1/db/meta/hooks/${en.id}`, { title: 'Mail en' }, as());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const row = (await server.api.post(t.v1, productRow(55, { Status: 'open' }), as())).body;
    await server.api.patch(`${t.v1}/${row.Id}`, { Status: 'closed' }, as());
    const de = await smtp.waitFor('de@example.com');
    expect(de.subject).toBe('Products: geänderte Datensätze: 1');
    expect(de.text).toContain('Products: geänderte Datensätze: 1');
    expect(de.text).toContain('Status: open → closed');
    expect(String(de.html)).toContain('geänderte Datensätze');
    const english = await smtp.waitFor('en@example.com');
    expect(english.subject).toBe('Products: records updated: 1');
  });

  it('triggers a hook by hand with the row as it is', async () => {
    const hook = await createHook({ ...urlHook('Manual', '/manual', ['trigger']), event: 'manual' });
    const row = (await server.api.post(t.v1, productRow(60), as())).body;
    const res = await server.api.post(`/api/v2/meta/hooks/${hook.id}/trigger/${row.Id}`, {}, as());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await waitFor(() => at('/manual')[0], 'the manual delivery');
    expect(got.body).toMatchObject({
      type: 'records.manual.trigger',
      data: { table_id: t.tableId, rows: [{ Id: row.Id, Title: 'Product 60' }] },
    });
    const missing = await server.api.post(`/api/v2/meta/hooks/${hook.id}/trigger/999999`, {}, as());
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toMatch(/999999/);
  });

  it('delivers one hook in write order, later writes sent again after a retry of an earlier one', async () => {
    await createHook({ ...urlHook('Ordered', '/fails-once', ['update']), retries: 1, retry_interval: 300 });
    const row = (await server.api.post(t.v1, productRow(70), as())).body;
    for (let i = 1; i <= 4; i++) await server.api.patch(`${t.v1}/${row.Id}`, { Qty: 100 + i }, as());
    // The first update failed once. Later ones pipelined with it reached the receiver before its retry and are
    // sent again after it (docs/webhooks.md "Pipelined deliveries"): after the retry come the others, in order.
    const qtys = () => at('/fails-once').map((r) => r.body.data.rows[0].Qty as number);
    const afterRetry = () => qtys().slice(qtys().indexOf(101, 1) + 1);
    await waitFor(
      () => (qtys().indexOf(101, 1) > 0 && afterRetry().length >= 3 ? true : undefined),
      'the retry',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(qtys()[0]).toBe(101);
    expect(afterRetry()).toEqual([102, 103, 104]);
  });
});
