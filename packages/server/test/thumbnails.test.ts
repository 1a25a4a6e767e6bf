/** Image attachments get WebP thumbnails at upload (tiny, small, card_cover), never enlarged; others get none. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

async function upload(
  server: TestServer,
  token: string,
  name: string,
  body: Uint8Array | string,
  type: string,
) {
  const form = new FormData();
  form.append('files', new Blob([body], { type }), name);
  const res = await fetch(`${server.url}/api/v1/db/storage/upload`, {
    method: 'POST',
    body: form,
    headers: { 'xc-auth': token },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

async function served(server: TestServer, path: string) {
  const res = await fetch(`${server.url}/${path}`);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe.each(testDatabases())('attachment thumbnails on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await signUpUser(server.api)).token;
  });
  afterAll(async () => server?.close());

  it('makes tiny, small and card_cover thumbnails of an image, fitted inside their size', async () => {
    const res = await upload(server, token, 'wide.png', await png(1000, 500), 'image/png');
    expect(res.status).toBe(200);
    const { thumbnails } = res.body[0];
    expect(Object.keys(thumbnails).sort()).toEqual(['card_cover', 'small', 'tiny']);
    const tiny = await served(server, thumbnails.tiny.signedPath);
    expect([tiny.format, tiny.width, tiny.height]).toEqual(['webp', 64, 32]);
    const small = await served(server, thumbnails.small.signedPath);
    expect([small.width, small.height]).toEqual([256, 128]);
    const cover = await served(server, thumbnails.card_cover.signedPath);
    expect([cover.width, cover.height]).toEqual([720, 360]);
    const original = await served(server, res.body[0].path);
    expect([original.format, original.width]).toEqual(['png', 1000]);
  });

  it('never enlarges a small image', async () => {
    const res = await upload(server, token, 'dot.png', await png(20, 10), 'image/png');
    const small = await served(server, res.body[0].thumbnails.small.signedPath);
    expect([small.width, small.height]).toEqual([20, 10]);
  });

  it('gives no thumbnails to other files or to an image that does not decode, and still stores them', async () => {
    const text = await upload(server, token, 'notes.txt', 'plain words', 'text/plain');
    expect(text.status).toBe(200);
    expect(text.body[0].thumbnails).toBeUndefined();
    const broken = await upload(server, token, 'broken.png', 'not really a png', 'image/png');
    expect(broken.status).toBe(200);
    expect(broken.body[0].thumbnails).toBeUndefined();
    expect(await (await fetch(`${server.url}/${broken.body[0].path}`)).text()).toBe('not really a png');
  });
});
