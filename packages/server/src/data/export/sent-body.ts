/**
 * A response body of Buffers that hands a chunk back (`spentOf(chunk)`, called once) as soon as the response
 * has written it to the socket. The SQLite xlsx export's deflated chunks are ArrayBuffers moved in from its reader
 * thread: on this thread they are external memory, freed only by a garbage collection, which this thread seldom
 * runs during an export (it allocates little), so some 30 MB of written chunks waited at an export's peak.
 * Moving each one back to the reader thread once written frees it here at once (docs/imports.md, "Deflated chunks
 * handed back once written").
 *
 * Which bytes are written: the body's bytes leave in order, through the body's buffer, then the response's (and
 * its socket's), so when those hold `pending` bytes, every byte given but the last `pending` is written. Until the
 * body is piped (Fastify pipes it into the response) nothing is handed back, nor after the response closes.
 */
import { Readable, type Writable } from 'node:stream';

export function sentBody(
  chunks: AsyncIterable<Buffer>,
  spentOf: (chunk: Buffer) => (() => void) | undefined,
): Readable {
  let dest: Pick<Writable, 'writableLength'> | undefined;
  let closed = false;
  /** Bytes given to the body so far. */
  let given = 0;
  /** Chunks to hand back, in order, each with the count of bytes given up to its end. */
  const waiting: { end: number; spent: () => void }[] = [];
  const handBack = () => {
    if (!dest || closed) return;
    const written = given - body.readableLength - dest.writableLength;
    while (waiting.length && waiting[0]!.end <= written) waiting.shift()!.spent();
  };
  async function* bytes() {
    for await (const chunk of chunks) {
      // Every chunk given before this one is in the body's buffer or past it by now (Readable.from pushes a chunk
      // before it asks for the next).
      handBack();
      given += chunk.length;
      const spent = spentOf(chunk);
      if (spent) waiting.push({ end: given, spent });
      yield chunk;
    }
  }
  const body = Readable.from(bytes(), { objectMode: false });
  const pipe = body.pipe.bind(body);
  body.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    if ('writableLength' in destination && typeof destination.writableLength === 'number') {
      dest = destination as unknown as Pick<Writable, 'writableLength'>;
      destination.once('close', () => (closed = true));
    }
    return pipe(destination, options);
  };
  return body;
}
