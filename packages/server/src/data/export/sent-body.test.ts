import { createHash } from 'node:crypto';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sentBody } from './sent-body.js';

/** `count` chunks of `size` bytes, chunk i filled with a pattern of its own. */
function chunksOf(count: number, size: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => {
    const b = Buffer.alloc(size);
    for (let j = 0; j < size; j++) b[j] = (i * 31 + j) & 0xff;
    return b;
  });
}

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

async function* given(chunks: Buffer[]) {
  for (const c of chunks) yield c;
}

/** Each chunk "handed back" is zeroed, as memory moved away or reused would be: a chunk handed back before the
 * socket wrote it reaches the client as zeros. */
function spentRecorder(chunks: Buffer[]) {
  const spent = new Set<Buffer>();
  const spentOf = (c: Buffer) =>
    chunks.includes(c)
      ? () => {
          if (spent.has(c)) throw new Error('handed back twice');
          spent.add(c);
          c.fill(0);
        }
      : undefined;
  return { spent, spentOf };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves the body and reads it through a client that takes a little at a time, so the socket's buffers fill. */
async function servedSlowly(body: () => NodeJS.ReadableStream): Promise<Buffer> {
  server = createServer((_req, res) => void body().pipe(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        parts.push(c);
        res.pause();
        setTimeout(() => res.resume(), 1);
      });
      res.on('end', () => resolve(Buffer.concat(parts)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('sentBody', () => {
  it('hands each chunk back only once the response has written it, and the client gets every byte', async () => {
    const chunks = chunksOf(160, 64 * 1024);
    const expected = sha1(Buffer.concat(chunks));
    const { spent, spentOf } = spentRecorder(chunks);
    const received = await servedSlowly(() => sentBody(given(chunks), spentOf));
    expect(received.length).toBe(160 * 64 * 1024);
    expect(sha1(received)).toBe(expected);
    // All but the last few (still held when the last chunk was given) are handed back.
    expect(spent.size).toBeGreaterThan(150);
  });

  it('hands nothing back when the body is read but not piped', async () => {
    const chunks = chunksOf(20, 1024);
    const expected = sha1(Buffer.concat(chunks));
    const { spent, spentOf } = spentRecorder(chunks);
    const read: Buffer[] = [];
    for await (const c of sentBody(given(chunks), spentOf)) read.push(Buffer.from(c as Buffer));
    expect(sha1(Buffer.concat(read))).toBe(expected);
    expect(spent.size).toBe(0);
  });
});
