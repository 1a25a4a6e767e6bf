/**
 * The messaging kinds (docs/webhooks.md "Notification kinds"): Telegram, Twilio SMS and WhatsApp deliver a
 * readable message to the service's API, here a real HTTP receiver on loopback standing in for
 * api.telegram.org and api.twilio.com (RB_TELEGRAM_API_URL, RB_TWILIO_API_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, productRow, type ProductTable } from './rows-fixtures.js';
import { startReceiver, waitFor } from './webhook-receiver.js';

const SID = 'AC' + '0123456789abcdef'.repeat(2);
const twilio = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  payload: { account_sid: SID, auth_token: 'tw-secret', from: '+15550001111', to: '+15552223333', ...extra },
});

describe.each(testDatabases())('messaging webhooks on %s', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: ProductTable;
  const as = () => ({ token: t.owner.token });
  const hooksPath = () => `/api/v1/db/meta/tables/${t.tableId}/hooks`;
  const at = (prefix: string) => receiver.received.filter((r) => r.url.startsWith(prefix));
  const addHook = async (title: string, notification: unknown, operation = ['insert', 'update']) => {
    const res = await server.api.post(hooksPath(), { title, operation, notification }, as());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string };
  };
  /** The hook's logs once there are `n` of them. */
  const logsOf = async (hookId: string, n: number) => {
    const until = Date.now() + 5000;
    for (;;) {
      const page = await server.api.get(`/api/v1/db/meta/hooks/${hookId}/logs`, as());
      if (page.body.list.length >= n || Date.now() > until) return page.body.list as any[];
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const remove = (id: string) => server.api.delete(`/api/v1/db/meta/hooks/${id}`, undefined, as());

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(kind, {
      NC_ALLOW_LOCAL_HOOKS: 'true',
      NC_AUTOMATION_LOG_LEVEL: 'ALL',
      RB_TELEGRAM_API_URL: `${receiver.url}/telegram/`,
      RB_TWILIO_API_URL: `${receiver.url}/twilio`,
    });
    t = await createProductTable(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('sends a Telegram message to each chat through the bot API', async () => {
    const hook = await addHook('Chat', {
      type: 'Telegram',
      payload: { bot_token: '123456:ABC-def_9', chat_ids: '-1001234567890, @rowbase_news' },
    });
    const row = (await server.api.post(t.v1, productRow(7), as())).body;
    const sent = await waitFor(
      () => (at('/telegram').length >= 2 ? at('/telegram') : undefined),
      'two chats',
    );
    expect(sent.map((r) => r.url)).toEqual([
      '/telegram/bot123456:ABC-def_9/sendMessage',
      '/telegram/bot123456:ABC-def_9/sendMessage',
    ]);
    expect(sent.map((r) => r.body.chat_id)).toEqual([-1001234567890, '@rowbase_news']);
    expect(sent[0]!.body.text).toBe(
      `Products: records added: 1\n• Id: ${row.Id}, Title: Product 7, Code: P-7, Qty: 7, Price: 10.5, Done: false`,
    );
    const [log] = await logsOf(hook.id, 1);
    expect(log).toMatchObject({ type: 'Telegram', operation: 'insert', error_code: null, attempt: 1 });
    expect(JSON.parse(log.response).status).toBe(200);
    await remove(hook.id);
  });

  it('sends an SMS through Twilio with the changed fields, signed with the account', async () => {
    const row = (await server.api.post(t.v1, productRow(8), as())).body;
    const hook = await addHook('Texts', twilio('Twilio', { to: '+15552223333,+447700900123' }), ['update']);
    await server.api.patch(`${t.v1}/${row.Id}`, { Status: 'closed' }, as());
    const sent = await waitFor(() => (at('/twilio').length >= 2 ? at('/twilio') : undefined), 'two texts');
    expect(sent[0]!.url).toBe(`/twilio/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sent[0]!.headers.authorization).toBe(
      'Basic ' + Buffer.from(`${SID}:tw-secret`).toString('base64'),
    );
    const forms = sent.map((r) => Object.fromEntries(new URLSearchParams(r.body as string)));
    expect(forms.map((f) => f.To)).toEqual(['+15552223333', '+447700900123']);
    expect(forms[0]!.From).toBe('+15550001111');
    expect(forms[0]!.Body).toMatch(
      new RegExp(`^Products: records updated: 1\n• Id: ${row.Id}, Status: open → closed(, |$)`),
    );
    await remove(hook.id);
    receiver.received.length = 0;
  });

  it("sends WhatsApp messages through Twilio (NocoDB's 'Whatsapp Twilio'), filling the body template", async () => {
    const hook = await addHook(
      'WhatsApp',
      twilio('Whatsapp Twilio', { body: 'New in {{ data.table_name }}: {{ data.rows.[0].Title }}' }),
    );
    const listed = (await server.api.get(hooksPath(), as())).body.list;
    expect(listed.find((h: { id: string }) => h.id === hook.id).notification.type).toBe('Whatsapp');
    await server.api.post(t.v1, productRow(9), as());
    const sent = await waitFor(() => at('/twilio')[0], 'the WhatsApp message');
    expect(Object.fromEntries(new URLSearchParams(sent.body as string))).toEqual({
      To: 'whatsapp:+15552223333',
      From: 'whatsapp:+15550001111',
      Body: 'New in Products: Product 9',
    });
    await remove(hook.id);
  });

  it('refuses bad settings naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { type: 'Telegram', payload: { bot_token: 'nope', chat_ids: '42' } },
        /notification.payload.bot_token/,
      ],
      [{ type: 'Telegram', payload: { bot_token: '1:a', chat_ids: 'x y' } }, /notification.payload.chat_ids/],
      [twilio('Twilio', { account_sid: 'AC1' }), /notification.payload.account_sid/],
      [twilio('Whatsapp', { to: '5552223333' }), /notification.payload.to: must be phone numbers/],
      [twilio('Twilio', { from: '' }), /notification.payload.from/],
    ];
    for (const [notification, problem] of cases) {
      const res = await server.api.post(
        hooksPath(),
        { title: 'Bad', operation: ['insert'], notification },
        as(),
      );
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(problem);
    }
  });

  it('logs a failed send with the answer, and refuses a loopback API without NC_ALLOW_LOCAL_HOOKS', async () => {
    const test = (notification: unknown) =>
      server.api.post(
        `${hooksPath()}/test`,
        { hook: { title: 'Try', operation: ['insert'], notification } },
        as(),
      );
    // The stand-in answers 503 on /flaky (twice): Telegram's address is fixed, so a chat id routes there.
    server.ctx.config.messagingApis.telegram = `${receiver.url}/flaky`;
    try {
      const failed = await test({ type: 'Telegram', payload: { bot_token: '1:a', chat_ids: '42' } });
      expect(failed.status).toBe(400);
      expect(failed.body.msg).toBe('Webhook test failed: The receiver answered 503 Service Unavailable');
      server.ctx.config.allowLocalHooks = false;
      const refused = await test(twilio('Twilio'));
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/Webhook test failed: .*local or private address/);
    } finally {
      server.ctx.config.allowLocalHooks = true;
      server.ctx.config.messagingApis.telegram = `${receiver.url}/telegram`;
    }
  });
});
