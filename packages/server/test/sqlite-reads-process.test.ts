/**
 * SQLite reader threads in a real process (`node dist/main.js`, built by `npm run build:ts`): on SIGTERM a read
 * in flight is answered, the readers close their connections before the app's own, and the process exits 0.
 * SQLite deletes the WAL file when the last connection closes, and only a writable one can: no WAL left behind
 * means no reader was still open when the app's connection closed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, signUpUser } from './harness.js';
import { MAIN, readyOrExit, startProcess } from './scale-process-fixtures.js';

describe('SQLite reader threads in a real process', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rowbase-readers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a read in flight at SIGTERM, stops its readers and exits 0 with no WAL left', async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build:ts\` first`);
    const file = path.join(dir, 'rowbase.db');
    const p = await startProcess({
      DATABASE_URL: file,
      NC_AUTH_JWT_SECRET: 'readers-secret-0123456789',
      LOG_LEVEL: 'info',
      RB_SQLITE_READ_WORKERS: '1',
      RB_SQLITE_READ_WORKER_MIN_MS: '0',
    });
    expect(await readyOrExit(p)).toBe('ready');
    const api = new ApiClient(p.url);
    const { token } = await signUpUser(api);
    const base = await api.post('/api/v1/db/meta/projects', { title: 'Readers' }, { token });
    const table = await api.post(
      `/api/v1/db/meta/projects/${base.body.id}/tables`,
      { title: 'Things', columns: [{ title: 'Qty', uidt: 'Number' }] },
      { token },
    );
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const records = `/api/v2/tables/${table.body.id}/records`;
    const rows = Array.from({ length: 50 }, (_, i) => ({ Title: `t${i}`, Qty: i }));
    expect((await api.post(records, rows, { token })).status).toBe(200);
    const first = await api.get(`${records}?limit=100`, { token });
    expect(first.body.list).toHaveLength(50);
    expect(p.output()).toContain('SQLite reader thread started');
    expect(existsSync(`${file}-wal`)).toBe(true);

    // SIGTERM once the server has logged the request: it is then in flight, not turned away as new.
    const inFlightPath = `${records}?limit=100&sort=-Qty`;
    const inFlight = api.get(inFlightPath, { token });
    await expect.poll(() => p.output().includes(inFlightPath), { timeout: 30_000, interval: 5 }).toBe(true);
    p.child.kill('SIGTERM');
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body.list[0].Qty).toBe(49);
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('SQLite reader threads stopped');
    expect(existsSync(`${file}-wal`)).toBe(false);
  }, 180_000);
});
