import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, randomEmail, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase, createTable } from './meta-factories.js';

type Member = Awaited<ReturnType<typeof signUpUser>> & { id: string };

describe.each(testDatabases())('row comments on %s', (kind) => {
  let server: TestServer;
  let tableId: string;
  const m: Record<'owner' | 'editor' | 'commenter' | 'viewer' | 'outsider', Member> = {} as never;
  const as = (who: keyof typeof m) => ({ token: m[who].token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const who of ['owner', 'editor', 'commenter', 'viewer', 'outsider'] as const) {
      const u = await signUpUser(server.api, randomEmail(who));
      m[who] = { ...u, id: await userIdOf(server, u.token) };
    }
    const base = await createBase(server, m.owner);
    tableId = (await createTable(server, m.owner, base.id, { title: 'Tasks' })).id;
    for (const role of ['editor', 'commenter', 'viewer'] as const) {
      await addBaseUser(server, base.id, m[role].id, role);
    }
  });
  afterAll(async () => server?.close());

  it('adds, lists, edits, resolves and deletes comments in the NocoDB 0.301 shape', async () => {
    const created = await server.api.post(
      '/api/v1/db/meta/comments',
      { fk_model_id: tableId, row_id: 1, comment: 'Needs a due date' },
      as('commenter'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^com/),
      fk_model_id: tableId,
      row_id: '1',
      comment: 'Needs a due date',
      created_by: m.commenter.id,
      created_by_email: m.commenter.email,
      resolved_by: null,
    });
    const stored = await server.ctx.db('rb_comments').where({ id: created.body.id }).first();
    expect(stored.comment).toBe('Needs a due date');

    const list = await server.api.get(
      `/api/v1/db/meta/comments?fk_model_id=${tableId}&row_id=1`,
      as('editor'),
    );
    expect(list.status).toBe(200);
    expect(list.body.list.map((c: { comment: string }) => c.comment)).toEqual(['Needs a due date']);

    const edited = await server.api.patch(
      `/api/v1/db/meta/comment/${created.body.id}`,
      { comment: 'Needs a due date by Friday' },
      as('commenter'),
    );
    expect(edited.body.comment).toBe('Needs a due date by Friday');

    // Anyone who may comment resolves; the author's words stay theirs.
    const resolved = await server.api.patch(
      `/api/v1/db/meta/comment/${created.body.id}`,
      { resolved_by: true },
      as('editor'),
    );
    expect(resolved.body).toMatchObject({ resolved_by: m.editor.id, resolved_by_email: m.editor.email });
    const reopened = await server.api.patch(
      `/api/v1/db/meta/comment/${created.body.id}`,
      { resolved_by: null },
      as('commenter'),
    );
    expect(reopened.body.resolved_by).toBeNull();

    const del = await server.api.delete(
      `/api/v1/db/meta/comment/${created.body.id}`,
      undefined,
      as('commenter'),
    );
    expect(del.status).toBe(200);
    const after = await server.api.get(
      `/api/v1/db/meta/comments?fk_model_id=${tableId}&row_id=1`,
      as('owner'),
    );
    expect(after.body.list).toEqual([]);
  });

  it('lets only the author edit or delete a comment', async () => {
    const created = await server.api.post(
      '/api/v1/db/meta/comments',
      { fk_model_id: tableId, row_id: '2', comment: 'Mine' },
      as('editor'),
    );
    const edit = await server.api.patch(
      `/api/v1/db/meta/comment/${created.body.id}`,
      { comment: 'Not yours' },
      as('owner'),
    );
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe('You can only change your own comments');
    const del = await server.api.delete(
      `/api/v1/db/meta/comment/${created.body.id}`,
      undefined,
      as('commenter'),
    );
    expect(del.status).toBe(403);
    const oldEdit = await server.api.patch(
      `/api/v1/db/meta/audits/${created.body.id}/comment`,
      { description: 'Not yours either' },
      as('commenter'),
    );
    expect(oldEdit.status).toBe(403);
    const row = await server.ctx.db('rb_comments').where({ id: created.body.id }).first();
    expect(row.comment).toBe('Mine');
  });

  it('lets viewers read and count comments but not write them; refuses outsiders and anonymous callers', async () => {
    const body = { fk_model_id: tableId, row_id: '3', comment: 'Hello' };
    expect((await server.api.post('/api/v1/db/meta/comments', body, as('viewer'))).status).toBe(403);
    const oldPath = { fk_model_id: tableId, row_id: '3', description: 'Hello' };
    expect((await server.api.post('/api/v1/db/meta/audits/comments', oldPath, as('viewer'))).status).toBe(
      403,
    );
    expect((await server.api.post('/api/v1/db/meta/comments', body, as('outsider'))).status).toBe(403);
    expect((await server.api.post('/api/v1/db/meta/comments', body)).status).toBe(401);
    expect(await server.ctx.db('rb_comments').where({ row_id: '3' })).toEqual([]);

    const mine = await server.api.post('/api/v1/db/meta/comments', body, as('commenter'));
    expect(mine.status).toBe(200);
    const read = `/api/v1/db/meta/comments?fk_model_id=${tableId}&row_id=3`;
    const seen = await server.api.get(read, as('viewer'));
    expect(seen.status).toBe(200);
    expect(seen.body.list.map((c: any) => c.comment)).toEqual(['Hello']);
    const oldRead = `/api/v1/db/meta/audits/comments?fk_model_id=${tableId}&row_id=3`;
    expect((await server.api.get(oldRead, as('viewer'))).body.map((a: any) => a.description)).toEqual([
      'Hello',
    ]);
    expect((await server.api.get(read, as('outsider'))).status).toBe(403);
    const count = `/api/v1/db/meta/comments/count?fk_model_id=${tableId}&ids=3`;
    const counted = await server.api.get(count, as('viewer'));
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual([{ row_id: '3', count: 1 }]);
    expect((await server.api.get(count, as('outsider'))).status).toBe(403);

    const id = mine.body.id;
    const resolve = await server.api.patch(
      `/api/v1/db/meta/comment/${id}`,
      { resolved_by: true },
      as('viewer'),
    );
    expect(resolve.status).toBe(403);
    expect((await server.api.delete(`/api/v1/db/meta/comment/${id}`, undefined, as('viewer'))).status).toBe(
      403,
    );
    expect((await server.ctx.db('rb_comments').where({ id }).first()).is_deleted).toBeFalsy();
    await server.api.delete(`/api/v1/db/meta/comment/${id}`, undefined, as('commenter'));
  });

  it('counts comments per row for the rows asked about', async () => {
    for (const [row, n] of [
      ['10', 2],
      ['11', 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await server.api.post(
          '/api/v1/db/meta/comments',
          { fk_model_id: tableId, row_id: row, comment: `c${i}` },
          as('commenter'),
        );
      }
    }
    const byRow = (body: { row_id: string; count: number }[]) =>
      Object.fromEntries(body.map((c) => [c.row_id, c.count]));
    const v2 = await server.api.get(
      `/api/v1/db/meta/comments/count?fk_model_id=${tableId}&ids[]=10&ids[]=11&ids[]=12`,
      as('commenter'),
    );
    expect(v2.status).toBe(200);
    expect(byRow(v2.body)).toEqual({ '10': 2, '11': 1 });
    const v1 = await server.api.get(
      `/api/v1/db/meta/audits/comments/count?fk_model_id=${tableId}&ids=10,12`,
      as('commenter'),
    );
    expect(byRow(v1.body)).toEqual({ '10': 2 });
  });

  it('serves the audit-shaped family for older clients', async () => {
    const created = await server.api.post(
      '/api/v1/db/meta/audits/comments',
      { fk_model_id: tableId, row_id: '20', description: 'From an old client' },
      as('commenter'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      op_type: 'COMMENT',
      description: 'From an old client',
      user: m.commenter.email,
      row_id: '20',
      fk_model_id: tableId,
    });
    const edited = await server.api.patch(
      `/api/v1/db/meta/audits/${created.body.id}/comment`,
      { description: 'Edited from an old client' },
      as('commenter'),
    );
    expect(edited.status).toBe(200);
    const list = await server.api.get(
      `/api/v1/db/meta/audits/comments?fk_model_id=${tableId}&row_id=20`,
      as('editor'),
    );
    expect(list.body).toEqual([
      expect.objectContaining({
        id: created.body.id,
        description: 'Edited from an old client',
        op_type: 'COMMENT',
      }),
    ]);
    // The same comment through the current family.
    const current = await server.api.get(
      `/api/v1/db/meta/comments?fk_model_id=${tableId}&row_id=20`,
      as('editor'),
    );
    expect(current.body.list[0].comment).toBe('Edited from an old client');
  });

  it('names the field of bad input and writes nothing', async () => {
    const empty = await server.api.post(
      '/api/v1/db/meta/comments',
      { fk_model_id: tableId, row_id: '30', comment: '   ' },
      as('commenter'),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('comment');
    const noRow = await server.api.post(
      '/api/v1/db/meta/comments',
      { fk_model_id: tableId, comment: 'x' },
      as('commenter'),
    );
    expect(noRow.status).toBe(400);
    expect(noRow.body.msg).toContain('row_id');
    const unknownTable = await server.api.post(
      '/api/v1/db/meta/comments',
      { fk_model_id: 'mnope', row_id: '30', comment: 'x' },
      as('commenter'),
    );
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.body.msg).toContain('fk_model_id');
    expect(await server.ctx.db('rb_comments').where({ row_id: '30' })).toEqual([]);
    const missing = await server.api.patch('/api/v1/db/meta/comment/comnope', { comment: 'x' }, as('owner'));
    expect(missing.status).toBe(404);
  });
});
