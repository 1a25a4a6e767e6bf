/** Attachments: multipart upload and read-back, limits, and the SSRF guard of upload-by-url. */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFromUrls } from '../src/storage/attachments.js';
import { LocalFileStorage } from '../src/storage/file-storage.js';
import { isForbiddenAddress } from '../src/storage/url-fetch.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

async function upload(
  server: TestServer,
  token: string | undefined,
  files: { name: string; body: Uint8Array | string; type?: string }[],
) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.body], { type: f.type ?? 'text/plain' }), f.name);
  const res = await fetch(`${server.url}/api/v1/db/storage/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { 'xc-auth': token } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(testDatabases())('storage on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await signUpUser(server.api)).token;
  });
  afterAll(async () => server?.close());

  it('uploads files and serves them back', async () => {
    const res = await upload(server, token, [
      { name: 'notes.txt', body: 'hello rowbase' },
      { name: '../../evil name.png', body: new Uint8Array([137, 80, 78, 71]), type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [txt, png] = res.body;
    expect(txt).toMatchObject({ title: 'notes.txt', mimetype: 'text/plain', size: 13 });
    expect(txt.path).toMatch(/^download\/\d{4}-\d{2}\/[a-z0-9]{24}\.txt$/);
    expect(png.title).toBe('evil name.png');
    expect(png.path).not.toContain('..');
    const back = await fetch(`${server.url}/${txt.path}`);
    expect(back.status).toBe(200);
    expect(await back.text()).toBe('hello rowbase');
    expect(back.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends active content as a download, never inline', async () => {
    const res = await upload(server, token, [
      { name: 'page.html', body: '<script>alert(1)</script>', type: 'text/html' },
    ]);
    const back = await fetch(`${server.url}/${res.body[0].path}`);
    expect(back.headers.get('content-disposition')).toBe('attachment');
    expect(back.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses anonymous uploads, empty uploads, too many files and too large files', async () => {
    expect((await upload(server, undefined, [{ name: 'a.txt', body: 'x' }])).status).toBe(401);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, body: 'x' }));
    const tooMany = await upload(server, token, many);
    expect(tooMany.status).toBe(413);
    const big = await upload(server, token, [
      { name: 'big.bin', body: new Uint8Array(20 * 1024 * 1024 + 1) },
    ]);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      msg: 'File size exceeds the limit of 20 MB',
      error: 'PAYLOAD_TOO_LARGE',
    });
    const notMultipart = await server.api.post('/api/v1/db/storage/upload', {}, { token });
    expect(notMultipart.status).toBe(400);
  });

  it('answers 404 for unknown or crafted download paths', async () => {
    expect((await fetch(`${server.url}/download/2026-01/aaaaaaaaaaaaaaaaaaaaaaaa.txt`)).status).toBe(404);
    expect([403, 404]).toContain((await fetch(`${server.url}/download/..%2f..%2fmeta.db`)).status);
    expect([403, 404]).toContain((await fetch(`${server.url}/download/../meta.db`)).status);
  });

  it.each([
    'http://127.0.0.1:1/x.png',
    'http://localhost/x.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/x',
    'http://192.168.0.1/x',
    'http://172.16.5.5/x',
    'http://[::1]/x',
    'http://[fd00::1]/x',
    'http://0.0.0.0/x',
    'http://2130706433/x',
    'file:///etc/passwd',
  ])('upload-by-url refuses %s with 400', async (url) => {
    const res = await server.api.post('/api/v1/db/storage/upload-by-url', [{ url }], { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/not allowed|Only http/);
  });

  it('upload-by-url needs a user and a URL', async () => {
    expect(
      (await server.api.post('/api/v1/db/storage/upload-by-url', [{ url: 'http://example.com' }])).status,
    ).toBe(401);
    expect((await server.api.post('/api/v1/db/storage/upload-by-url', [], { token })).status).toBe(400);
  });
});

describe('the SSRF guard', () => {
  it('knows the forbidden address ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isForbiddenAddress(a), a).toBe(false);
  });

  // A stand-in "public" host (allowed.test) resolving to a local test server, to exercise redirects.
  let origin: http.Server;
  let port = 0;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rowbase-storage-'));
    origin = http.createServer((req, res) => {
      if (req.url === '/to-local')
        res.writeHead(302, { location: `http://localhost:${port}/file.txt` }).end();
      else if (req.url === '/to-allowed') res.writeHead(301, { location: `/file.txt` }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('fetched body');
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    port = (origin.address() as { port: number }).port;
  });
  afterAll(() => {
    origin.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const guard = {
    resolve: async (host: string) => [{ address: '127.0.0.1', family: 4 as const, host }],
    isForbidden: (address: string, host: string) => host !== 'allowed.test' && isForbiddenAddress(address),
  };

  it('follows a redirect to an allowed host and stores the file', async () => {
    const storage = new LocalFileStorage(dir);
    const [a] = await storeFromUrls(storage, [{ url: `http://allowed.test:${port}/to-allowed` }], guard);
    expect(a).toMatchObject({ title: 'file.txt', mimetype: 'text/plain', size: 12 });
  });

  it('re-checks every redirect and refuses one into the local network', async () => {
    const storage = new LocalFileStorage(dir);
    await expect(
      storeFromUrls(storage, [{ url: `http://allowed.test:${port}/to-local` }], guard),
    ).rejects.toThrow('URL host localhost is not allowed');
  });

  it('stops after five redirects', async () => {
    const storage = new LocalFileStorage(dir);
    await expect(
      storeFromUrls(storage, [{ url: `http://allowed.test:${port}/loop` }], guard),
    ).rejects.toThrow('Too many redirects');
  });
});
