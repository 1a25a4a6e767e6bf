/**
 * Documentation bases (docs/documentation-bases.md): the page tree and who may change it, content written as
 * Yjs updates (over HTTP and the realtime connection) and read back as JSON, search, snapshots with restore,
 * and publishing to anonymous readers.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addBaseUser, randomEmail, userIdOf } from './auth-fixtures.js';
import { jobResult } from './jobs-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

type Member = Awaited<ReturnType<typeof signUpUser>> & { id: string };
type Who = 'owner' | 'creator' | 'editor' | 'viewer' | 'outsider';

const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

/** A Yjs update that appends a block `<type attrs>text</type>` to the editor's fragment. */
function appendBlock(doc: Y.Doc, type: string, text: string, attrs: Record<string, unknown> = {}): string {
  const before = Y.encodeStateVector(doc);
  const el = new Y.XmlElement(type);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v as string);
  el.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment('default');
  fragment.insert(fragment.length, [el]);
  return b64(Y.encodeStateAsUpdate(doc, before));
}

function connected(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
}

const emit = <T = any>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  new Promise((resolve) => socket.emit(event, payload, resolve));

describe.each(testDatabases())('documentation bases on %s', (kind) => {
  let server: TestServer;
  let baseId: string;
  let dbBaseId: string;
  const m: Record<Who, Member> = {} as never;
  const as = (who: Who) => ({ token: m[who].token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const who of ['owner', 'creator', 'editor', 'viewer', 'outsider'] as const) {
      const u = await signUpUser(server.api, randomEmail(who));
      m[who] = { ...u, id: await userIdOf(server, u.token) };
    }
    const base = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Handbook', type: 'documentation' },
      as('owner'),
    );
    expect(base.status, JSON.stringify(base.body)).toBe(200);
    expect(base.body.type).toBe('documentation');
    baseId = base.body.id;
    dbBaseId = (await server.api.post('/api/v1/db/meta/projects', { title: 'Data' }, as('owner'))).body.id;
    for (const role of ['creator', 'editor', 'viewer'] as const)
      await addBaseUser(server, baseId, m[role].id, role);
  });
  afterAll(async () => server?.close());

  const createPage = async (who: Who, body: Record<string, unknown>) =>
    server.api.post(`/api/v1/docs/bases/${baseId}/pages`, body, as(who));

  it('creates, nests, renames, moves, reorders and deletes pages; creators and above only', async () => {
    const root = await createPage('creator', { title: 'Onboarding', icon: '🚀' });
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    expect(root.body).toMatchObject({ title: 'Onboarding', icon: '🚀', parent_id: null, base_id: baseId });
    const child = await createPage('owner', { title: 'First day', parent_id: root.body.id });
    expect(child.body.parent_id).toBe(root.body.id);
    const second = await createPage('owner', { title: 'Second day', parent_id: root.body.id });
    expect(second.body.order).toBeGreaterThan(child.body.order);

    for (const who of ['editor', 'viewer'] as const) {
      const denied = await createPage(who, { title: 'Nope' });
      expect(denied.status).toBe(403);
      expect(denied.body.msg).toMatch(/creator role/);
    }
    expect((await createPage('outsider', { title: 'Nope' })).status).toBe(403);
    const blank = await createPage('owner', { title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/Page title/);
    const foreignParent = await createPage('owner', { title: 'X', parent_id: 'dp_missing' });
    expect(foreignParent.status).toBe(400);
    expect(foreignParent.body.message).toMatch(/parent_id/);
    const notDocs = await server.api.post(
      `/api/v1/docs/bases/${dbBaseId}/pages`,
      { title: 'X' },
      as('owner'),
    );
    expect(notDocs.status).toBe(400);

    const renamed = await server.api.patch(
      `/api/v1/docs/pages/${child.body.id}`,
      { title: 'Day one' },
      as('creator'),
    );
    expect(renamed.body.title).toBe('Day one');
    expect(
      (await server.api.patch(`/api/v1/docs/pages/${child.body.id}`, { title: 'Z' }, as('editor'))).status,
    ).toBe(403);
    // Reorder: the second day goes first.
    await server.api.patch(
      `/api/v1/docs/pages/${second.body.id}`,
      { order: child.body.order - 1 },
      as('owner'),
    );
    // A page cannot move below itself.
    const cycle = await server.api.patch(
      `/api/v1/docs/pages/${root.body.id}`,
      { parent_id: child.body.id },
      as('owner'),
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toMatch(/sub-pages/);

    const list = await server.api.get(`/api/v1/docs/bases/${baseId}/pages`, as('viewer'));
    expect(list.status).toBe(200);
    const kids = list.body.list.filter((p: { parent_id: string }) => p.parent_id === root.body.id);
    expect(kids.map((p: { title: string }) => p.title)).toEqual(['Second day', 'Day one']);
    expect((await server.api.get(`/api/v1/docs/bases/${baseId}/pages`, as('outsider'))).status).toBe(403);

    // Move the second day to the top level, then delete the root: its remaining sub-page goes with it.
    const moved = await server.api.patch(
      `/api/v1/docs/pages/${second.body.id}`,
      { parent_id: null },
      as('owner'),
    );
    expect(moved.body.parent_id).toBeNull();
    expect(
      (await server.api.delete(`/api/v1/docs/pages/${root.body.id}`, undefined, as('editor'))).status,
    ).toBe(403);
    const del = await server.api.delete(`/api/v1/docs/pages/${root.body.id}`, undefined, as('creator'));
    expect(del.body.deleted.sort()).toEqual([root.body.id, child.body.id].sort());
    const stored = await server.ctx
      .db('rb_docs_pages')
      .whereIn('id', [root.body.id, child.body.id, second.body.id]);
    expect(stored.map((r: { id: string }) => r.id)).toEqual([second.body.id]);
  });

  it('stores content as Yjs updates, reads it as JSON and finds it by search; viewers cannot write', async () => {
    const page = (await createPage('owner', { title: 'Expenses policy' })).body;
    const doc = new Y.Doc();
    const heading = appendBlock(doc, 'heading', 'Travel costs', { level: '2' });
    const para = appendBlock(doc, 'paragraph', 'Trains 100% refundable_quickly');
    expect(
      (await server.api.post(`/api/v1/docs/pages/${page.id}/updates`, { update: heading }, as('editor')))
        .status,
    ).toBe(200);
    expect(
      (await server.api.post(`/api/v1/docs/pages/${page.id}/updates`, { update: para }, as('editor'))).status,
    ).toBe(200);
    const denied = await server.api.post(
      `/api/v1/docs/pages/${page.id}/updates`,
      { update: para },
      as('viewer'),
    );
    expect(denied.status).toBe(403);
    const garbage = await server.api.post(
      `/api/v1/docs/pages/${page.id}/updates`,
      { update: 'bm90IGEgeWpzIHVwZGF0ZQ==' },
      as('editor'),
    );
    expect(garbage.status).toBe(400);

    const read = await server.api.get(`/api/v1/docs/pages/${page.id}`, as('viewer'));
    expect(read.body.content).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: '2' }, content: [{ type: 'text', text: 'Travel costs' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Trains 100% refundable_quickly' }] },
      ],
    });
    expect(read.body.text).toBe('Travel costs\nTrains 100% refundable_quickly');

    const search = async (q: string) =>
      (await server.api.get(`/api/v1/docs/bases/${baseId}/search?q=${encodeURIComponent(q)}`, as('viewer')))
        .body.list as { id: string; excerpt: string }[];
    expect((await search('TRAVEL')).map((h) => h.id)).toEqual([page.id]);
    expect((await search('100%'))[0]?.excerpt).toContain('100% refundable');
    // % and _ are literal characters, not wildcards.
    expect(await search('0%r')).toEqual([]);
    expect(await search('tra_ns')).toEqual([]);
    expect((await search('e_q')).map((h) => h.id)).toEqual([page.id]);
    expect((await search('policy')).map((h) => h.id)).toEqual([page.id]);
    expect((await server.api.get(`/api/v1/docs/bases/${baseId}/search?q=`, as('viewer'))).status).toBe(400);
  });

  it('duplicates a documentation base with its page tree and content, unpublished', async () => {
    const base = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Playbook', type: 'documentation' },
      as('owner'),
    );
    const pagesOf = async (id: string) =>
      (await server.api.get(`/api/v1/docs/bases/${id}/pages`, as('owner'))).body.list as {
        id: string;
        title: string;
        icon: string | null;
        parent_id: string | null;
        published: boolean;
      }[];
    const add = async (body: Record<string, unknown>) =>
      (await server.api.post(`/api/v1/docs/bases/${base.body.id}/pages`, body, as('owner'))).body;
    const root = await add({ title: 'Sales', icon: '📈' });
    const child = await add({ title: 'Calls', parent_id: root.id });
    await add({ title: 'Empty' });
    const doc = new Y.Doc();
    for (const text of ['Call within a day', 'Log every call']) {
      const update = appendBlock(doc, 'paragraph', text);
      await server.api.post(`/api/v1/docs/pages/${child.id}/updates`, { update }, as('owner'));
    }
    await server.api.post(`/api/v1/docs/pages/${root.id}/publish`, { published: true }, as('owner'));

    const dup = await server.api.post(
      `/api/v1/db/meta/duplicate/${base.body.id}`,
      { options: {} },
      as('owner'),
    );
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    const copyId = (await jobResult(server, dup.body.id, m.owner.token)).base_id;
    const copies = await pagesOf(copyId);
    expect(copies.map((p) => [p.title, p.icon, p.published])).toEqual([
      ['Sales', '📈', false],
      ['Calls', null, false],
      ['Empty', null, false],
    ]);
    const [sales, calls] = copies;
    expect(calls!.parent_id).toBe(sales!.id);
    expect(new Set(copies.map((p) => p.id)).has(child.id)).toBe(false);
    const read = await server.api.get(`/api/v1/docs/pages/${calls!.id}`, as('owner'));
    expect(read.body.text).toBe('Call within a day\nLog every call');
    // The copy is a document of its own: editing it leaves the original alone.
    const state = await server.api.get(`/api/v1/docs/pages/${calls!.id}/state`, as('owner'));
    const copyDoc = new Y.Doc();
    Y.applyUpdate(copyDoc, unb64(state.body.state));
    const more = appendBlock(copyDoc, 'paragraph', 'Only in the copy');
    await server.api.post(`/api/v1/docs/pages/${calls!.id}/updates`, { update: more }, as('owner'));
    expect((await server.api.get(`/api/v1/docs/pages/${calls!.id}`, as('owner'))).body.text).toContain(
      'Only in the copy',
    );
    expect((await server.api.get(`/api/v1/docs/pages/${child.id}`, as('owner'))).body.text).toBe(
      'Call within a day\nLog every call',
    );
    expect((await server.api.get(`/api/v1/public/docs/pages/${sales!.id}`)).status).toBe(404);
  });

  it('merges many updates into the page state without losing a keystroke', async () => {
    const page = (await createPage('owner', { title: 'Many keystrokes' })).body;
    const doc = new Y.Doc();
    let sv = Y.encodeStateVector(doc);
    const text = new Y.XmlText();
    const para = new Y.XmlElement('paragraph');
    para.insert(0, [text]);
    doc.getXmlFragment('default').insert(0, [para]);
    for (let i = 0; i < 210; i++) {
      text.insert(text.length, String(i % 10));
      const update = b64(Y.encodeStateAsUpdate(doc, sv));
      sv = Y.encodeStateVector(doc);
      const res = await server.api.post(`/api/v1/docs/pages/${page.id}/updates`, { update }, as('editor'));
      expect(res.status).toBe(200);
    }
    const expected = Array.from({ length: 210 }, (_, i) => String(i % 10)).join('');
    expect((await server.api.get(`/api/v1/docs/pages/${page.id}`, as('viewer'))).body.text).toBe(expected);
    // The 200th waiting update merged them into the state: the state alone holds the first 200 keystrokes and
    // the last 10 wait in the log, whatever the timing of the requests.
    const waiting = await server.ctx.db('rb_docs_page_updates').where({ page_id: page.id }).count({ n: '*' });
    expect(Number(waiting[0]!.n)).toBe(10);
    const row = await server.ctx.db('rb_docs_pages').where({ id: page.id }).first();
    const fromState = new Y.Doc();
    Y.applyUpdate(fromState, unb64(row.state));
    expect(fromState.getXmlFragment('default').toString()).toBe(
      `<paragraph>${expected.slice(0, 200)}</paragraph>`,
    );
  });

  it('takes snapshots and restores an earlier one', async () => {
    const page = (await createPage('owner', { title: 'Release notes' })).body;
    const doc = new Y.Doc();
    await server.api.post(
      `/api/v1/docs/pages/${page.id}/updates`,
      { update: appendBlock(doc, 'paragraph', 'Version one') },
      as('editor'),
    );
    const snap = await server.api.post(
      `/api/v1/docs/pages/${page.id}/snapshots`,
      { title: 'v1' },
      as('editor'),
    );
    expect(snap.status, JSON.stringify(snap.body)).toBe(200);
    expect(snap.body).toMatchObject({ title: 'v1', kind: 'manual' });
    await server.api.post(
      `/api/v1/docs/pages/${page.id}/updates`,
      { update: appendBlock(doc, 'paragraph', 'Version two') },
      as('editor'),
    );
    expect((await server.api.get(`/api/v1/docs/pages/${page.id}`, as('viewer'))).body.text).toBe(
      'Version one\nVersion two',
    );

    expect(
      (
        await server.api.post(
          `/api/v1/docs/pages/${page.id}/snapshots/${snap.body.id}/restore`,
          {},
          as('editor'),
        )
      ).status,
    ).toBe(403);
    const restored = await server.api.post(
      `/api/v1/docs/pages/${page.id}/snapshots/${snap.body.id}/restore`,
      {},
      as('creator'),
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.text).toBe('Version one');
    // The stored Yjs state agrees, and the state before the restore was kept as a snapshot.
    const state = (await server.api.get(`/api/v1/docs/pages/${page.id}/state`, as('viewer'))).body.state;
    const reread = new Y.Doc();
    Y.applyUpdate(reread, unb64(state));
    expect(reread.getXmlFragment('default').toArray().length).toBe(1);
    const list = (await server.api.get(`/api/v1/docs/pages/${page.id}/snapshots`, as('viewer'))).body.list;
    expect(list.map((s: { kind: string }) => s.kind)).toContain('restore');
    const kept = list.find((s: { kind: string }) => s.kind === 'restore');
    const keptBody = (
      await server.api.get(`/api/v1/docs/pages/${page.id}/snapshots/${kept.id}`, as('viewer'))
    ).body;
    expect(keptBody.content.content).toHaveLength(2);
  });

  it('publishes a page and its sub-pages read-only to anyone', async () => {
    const top = (await createPage('owner', { title: 'Public handbook' })).body;
    const sub = (await createPage('owner', { title: 'Holidays', parent_id: top.id })).body;
    const secret = (await createPage('owner', { title: 'Salaries' })).body;
    await server.api.post(
      `/api/v1/docs/pages/${sub.id}/updates`,
      { update: appendBlock(new Y.Doc(), 'paragraph', '25 days') },
      as('editor'),
    );

    expect((await server.api.get(`/api/v1/public/docs/pages/${sub.id}`)).status).toBe(404);
    expect(
      (await server.api.post(`/api/v1/docs/pages/${top.id}/publish`, { published: true }, as('editor')))
        .status,
    ).toBe(403);
    const bad = await server.api.post(
      `/api/v1/docs/pages/${top.id}/publish`,
      { published: 'yes' },
      as('owner'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/published/);
    const pub = await server.api.post(
      `/api/v1/docs/pages/${top.id}/publish`,
      { published: true },
      as('owner'),
    );
    expect(pub.body.published).toBe(true);

    const anon = await server.api.get(`/api/v1/public/docs/pages/${sub.id}`);
    expect(anon.status).toBe(200);
    expect(anon.body).toMatchObject({ title: 'Holidays', root_id: top.id, text: '25 days' });
    expect(anon.body.pages.map((p: { title: string }) => p.title).sort()).toEqual([
      'Holidays',
      'Public handbook',
    ]);
    expect(anon.body.created_by).toBeUndefined();
    expect((await server.api.get(`/api/v1/public/docs/pages/${secret.id}`)).status).toBe(404);

    await server.api.post(`/api/v1/docs/pages/${top.id}/publish`, { published: false }, as('owner'));
    expect((await server.api.get(`/api/v1/public/docs/pages/${sub.id}`)).status).toBe(404);
  });

  it('syncs live edits between sockets, persists them for late joiners, and refuses a viewer', async () => {
    const page = (await createPage('owner', { title: 'Live' })).body;
    const open = async (who: Who) => {
      const s = connect(server.url, {
        path: '/socket.io',
        auth: { token: m[who].token },
        reconnection: false,
      });
      expect(await connected(s)).toBe('connected');
      return s;
    };
    const a = await open('editor');
    const b = await open('owner');
    const v = await open('viewer');
    const o = await open('outsider');
    const joinA = await emit(a, 'doc:join', page.id);
    expect(joinA).toMatchObject({ ok: true, canEdit: true });
    await emit(b, 'doc:join', page.id);
    expect(await emit(v, 'doc:join', page.id)).toMatchObject({ ok: true, canEdit: false });
    expect(await emit(o, 'doc:join', page.id)).toMatchObject({ ok: false });

    const docA = new Y.Doc();
    Y.applyUpdate(docA, unb64(joinA.state));
    const received = new Promise<string>((resolve) =>
      b.once('doc:update', (msg: { update: string }) => resolve(msg.update)),
    );
    expect(
      await emit(a, 'doc:update', { pageId: page.id, update: appendBlock(docA, 'paragraph', 'Typed by A') }),
    ).toEqual({ ok: true });
    const docB = new Y.Doc();
    Y.applyUpdate(docB, unb64(await received));
    expect(docB.getXmlFragment('default').toString()).toContain('Typed by A');

    const refused = await emit(v, 'doc:update', {
      pageId: page.id,
      update: appendBlock(new Y.Doc(), 'paragraph', 'Viewer text'),
    });
    expect(refused).toMatchObject({ ok: false, final: true });

    const late = await open('viewer');
    const joinLate = await emit(late, 'doc:join', page.id);
    const docLate = new Y.Doc();
    Y.applyUpdate(docLate, unb64(joinLate.state));
    expect(docLate.getXmlFragment('default').toString()).toBe('<paragraph>Typed by A</paragraph>');
    for (const s of [a, b, v, o, late]) s.close();
  });

  it('tells members watching the base, and only them, that the page tree changed', async () => {
    const open = async (who: Who) => {
      const s = connect(server.url, {
        path: '/socket.io',
        auth: { token: m[who].token },
        reconnection: false,
      });
      expect(await connected(s)).toBe('connected');
      s.emit('docs:watch', baseId);
      return s;
    };
    const viewer = await open('viewer');
    const outsider = await open('outsider');
    // The join waits for the permission check; give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    const heard = (s: Socket) =>
      new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve('none'), 1500);
        s.once('docs:pages', (msg: unknown) => {
          clearTimeout(timer);
          resolve(msg);
        });
      });
    const toViewer = heard(viewer);
    const toOutsider = heard(outsider);
    await createPage('creator', { title: 'Announced' });
    expect(await toViewer).toEqual({ baseId });
    expect(await toOutsider).toBe('none');
    viewer.close();
    outsider.close();
  });
});
