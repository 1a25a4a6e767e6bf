/**
 * A server started on a fresh copy of a kept shapes database (`BENCH_KEEP_DATA=1`; its `jwt-secret` beside it),
 * signed in as the shapes suite's user, with the ids of its Shapes base and Items table: what the first-read
 * A/B scripts (`first-read-ab.ts`, `sqlite-cold-ab.ts`) start each sample from.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process.js';

export interface KeptCopyServer {
  server: ServerProcess;
  baseId: string;
  itemsId: string;
  /** GET as the suite's user; anything but a 200 throws. */
  get: (p: string) => Promise<any>;
  /** Stops the server and removes the copy. */
  close: () => Promise<void>;
}

export async function startOnKeptCopy(
  source: string,
  prefix: string,
  dist: string | undefined,
): Promise<KeptCopyServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  copyFileSync(source, path.join(dir, 'rowbase.db'));
  copyFileSync(path.join(path.dirname(source), 'jwt-secret'), path.join(dir, 'jwt-secret'));
  const server = await startServerProcess({ DATA_DIR: dir, ...(dist ? { BENCH_SERVER_DIST: dist } : {}) });
  const close = async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const signin = await fetch(`${server.url}/api/v1/auth/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-shapes@example.com', password: 'Password123!' }),
    });
    const { token } = (await signin.json()) as { token: string };
    const get = async (p: string) => {
      const r = await fetch(server.url + p, { headers: { 'xc-auth': token } });
      if (r.status !== 200) throw new Error(`${p} -> ${r.status} ${await r.text()}`);
      return r.json();
    };
    const bases = (await get('/api/v1/db/meta/projects')).list as { id: string; title: string }[];
    const baseId = bases.find((b) => b.title === 'Shapes')!.id;
    const tables = (await get(`/api/v1/db/meta/projects/${baseId}/tables`)).list as {
      id: string;
      title: string;
    }[];
    const itemsId = tables.find((t) => t.title === 'Items')!.id;
    return { server, baseId, itemsId, get, close };
  } catch (err) {
    await close();
    throw err;
  }
}
