/** The S3 storage plugin against a real S3 API server (s3rver) on loopback. */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { startS3, type TestS3 } from './protocol-servers.js';

const PLUGINS = '/api/v1/db/meta/plugins';
// s3rver checks request signatures made with this key pair.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

async function upload(server: TestServer, token: string, name: string, body: string, type = 'text/plain') {
  const form = new FormData();
  form.append('files', new Blob([body], { type }), name);
  const res = await fetch(`${server.url}/api/v1/db/storage/upload`, {
    method: 'POST',
    body: form,
    headers: { 'xc-auth': token },
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(testDatabases())('S3 storage plugin on %s', (kind) => {
  let server: TestServer;
  let s3: TestS3;
  let token: string;
  let direct: S3Client;

  const input = (over: Record<string, unknown> = {}) => ({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    access_key: ACCESS_KEY,
    access_secret: SECRET_KEY,
    force_path_style: true,
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    s3 = await startS3();
    token = (await signUpUser(server.api)).token;
    direct = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    });
  });
  afterAll(async () => {
    direct?.destroy();
    await server?.close();
    await s3?.close();
  });

  it('tests settings by writing, reading and deleting a probe object, and reports a wrong bucket', async () => {
    const ok = await server.api.post(`${PLUGINS}/test`, { title: 'S3', input: input() }, { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe(true);
    const bad = await server.api.post(
      `${PLUGINS}/test`,
      { title: 'S3', input: input({ bucket: 'nope' }) },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^S3 test failed/);
  });

  it('writes uploads to the bucket once active and serves them through short-lived signed URLs', async () => {
    const saved = await server.api.patch(
      `${PLUGINS}/pl_s3`,
      { input: JSON.stringify(input()), active: true },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.body.input).access_secret).toBe('********');

    const res = await upload(server, token, 'notes.txt', 'kept in the bucket');
    expect(res.status).toBe(200);
    const path: string = res.body[0].path;
    expect(path).toMatch(/^download\/s3\/\d{4}-\d{2}\/[a-z0-9]{24}\.txt$/);

    // The object is really in the bucket, under the key after `download/s3/`.
    const key = path.slice('download/s3/'.length);
    const obj = await direct.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(await obj.Body!.transformToString()).toBe('kept in the bucket');

    const served = await fetch(`${server.url}/${path}`, { redirect: 'manual' });
    expect(served.status).toBe(302);
    const signed = served.headers.get('location')!;
    expect(signed.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`)).toBe(true);
    expect(new URL(signed).searchParams.get('X-Amz-Expires')).toBe('600');
    expect(await (await fetch(signed)).text()).toBe('kept in the bucket');

    // The address stops working once its lifetime has passed (dated 11 minutes ago, it lives 10).
    const stale = new URL(signed);
    const past = new Date(Date.now() - 11 * 60 * 1000).toISOString().replace(/[-:]|\.\d{3}/g, '');
    stale.searchParams.set('X-Amz-Date', past);
    const expired = await fetch(stale);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/);

    // A key that is not in the bucket ends in the store's 404.
    const missing = await fetch(`${server.url}/download/s3/2026-01/${'a'.repeat(24)}.txt`);
    expect(missing.status).toBe(404);
  });

  it('puts the thumbnails of an image in the bucket too', async () => {
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([image], { type: 'image/png' }), 'green.png');
    const res = await fetch(`${server.url}/api/v1/db/storage/upload`, {
      method: 'POST',
      body: form,
      headers: { 'xc-auth': token },
    });
    const [attachment] = (await res.json()) as { thumbnails: Record<string, { path: string }> }[];
    expect(attachment!.thumbnails.small!.path).toMatch(/^download\/s3\//);
    const small = await fetch(`${server.url}/${attachment!.thumbnails.small!.path}`);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 256]);
  });

  it('keeps S3 files reachable after switching back to local storage, where new uploads then go', async () => {
    const first = await upload(server, token, 'before.txt', 'stored in S3');
    const off = await server.api.patch(`${PLUGINS}/pl_s3`, { active: false }, { token });
    expect(off.body.active).toBe(false);

    const local = await upload(server, token, 'after.txt', 'stored locally');
    expect(local.body[0].path).toMatch(/^download\/\d{4}-\d{2}\//);
    expect(await (await fetch(`${server.url}/${local.body[0].path}`)).text()).toBe('stored locally');

    const old = await fetch(`${server.url}/${first.body[0].path}`);
    expect(await old.text()).toBe('stored in S3');
  });

  it('refuses an upload over the size limit without leaving an object', async () => {
    await server.api.patch(`${PLUGINS}/pl_s3`, { active: true }, { token });
    const count = async () =>
      (await direct.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).KeyCount ?? 0;
    const before = await count();
    const big = 'x'.repeat(21 * 1024 * 1024);
    const res = await upload(server, token, 'big.txt', big);
    expect(res.status).toBe(413);
    expect(await count()).toBe(before);
  });
});
