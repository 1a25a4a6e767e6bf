/**
 * Shared set-up of the import tests (imports*.test.ts): a server with a signed-in owner and a base, uploads to
 * the import routes, and reads of what an import stored.
 */
import { afterAll, beforeAll } from 'vitest';
import type { MetaDbClient } from '../src/config.js';
import { startTestServer, type TestServer } from './harness.js';
import { createBase, signedInOwner, type Owner } from './meta-factories.js';

/** A file to upload: its name decides its format. */
export interface UploadFile {
  name: string;
  body: string | Uint8Array<ArrayBuffer>;
}

/** A multipart upload (`options` JSON, then `file`) to an import route; answers the status and JSON body. */
export async function uploadTo(
  server: TestServer,
  token: string,
  path: string,
  file: UploadFile,
  options: unknown = {},
) {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', new Blob([file.body]), file.name);
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: form,
    headers: { 'xc-auth': token },
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Starts an import into a new table of the base (`suffix` '/preview' previews it instead). */
export const importIntoBase = (
  server: TestServer,
  token: string,
  baseId: string,
  file: UploadFile,
  options: unknown = {},
  suffix = '',
) => uploadTo(server, token, `/api/v1/db/meta/projects/${baseId}/import${suffix}`, file, options);

/** Starts an import into an existing table. */
export const importIntoTable = (
  server: TestServer,
  token: string,
  tableId: string,
  file: UploadFile,
  options: unknown = {},
) => uploadTo(server, token, `/api/v1/db/meta/tables/${tableId}/import`, file, options);

/** The server, owner and base of one `describe` block, filled in by its `beforeAll`. */
export interface ImportSetup {
  server: TestServer;
  owner: Owner;
  baseId: string;
  /** Titles of the base's tables (a failed import must leave none behind). */
  tableTitles(): Promise<string[]>;
  /** A table's own fields (no key, no system fields). */
  fieldsOf(tableId: string): Promise<any[]>;
  /** A table's records through the v2 API (`query` without the leading `?`). */
  recordsOf(tableId: string, query?: string): Promise<any[]>;
}

/**
 * Starts a server on `kind` with a signed-in owner and a base before the block's tests, and closes it after.
 * `env` is set for the server's start and removed when it closes.
 * @example const s = importSetup(kind); it('…', async () => importIntoBase(s.server, s.owner.token, s.baseId, file));
 */
export function importSetup(kind: MetaDbClient, env: Record<string, string> = {}): ImportSetup {
  const setup = {
    tableTitles: async () =>
      (
        await setup.server.api.get(`/api/v1/db/meta/projects/${setup.baseId}/tables`, {
          token: setup.owner.token,
        })
      ).body.list.map((t: any) => t.title) as string[],
    fieldsOf: async (tableId: string) =>
      (
        await setup.server.api.get(`/api/v1/db/meta/tables/${tableId}`, { token: setup.owner.token })
      ).body.columns.filter((c: any) => !c.system && !c.pk) as any[],
    recordsOf: async (tableId: string, query = 'limit=100') =>
      (await setup.server.api.get(`/api/v2/tables/${tableId}/records?${query}`, { token: setup.owner.token }))
        .body.list as any[],
  } as ImportSetup;
  beforeAll(async () => {
    Object.assign(process.env, env);
    setup.server = await startTestServer(kind);
    setup.owner = await signedInOwner(setup.server);
    setup.baseId = (await createBase(setup.server, setup.owner)).id;
  });
  afterAll(async () => {
    await setup.server?.close();
    for (const key of Object.keys(env)) delete process.env[key];
  });
  return setup;
}
