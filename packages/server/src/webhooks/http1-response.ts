/**
 * Reading an HTTP/1.1 answer for the webhook client (`http1-client.ts`): the status line and headers, then a
 * body framed by Content-Length, by chunks, or by the connection closing (RFC 9112 §6.3). Headers are read as
 * latin1, the body as UTF-8 text.
 */

export interface ResponseHead {
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The connection may carry the next request once this answer is read. */
  keepAlive: boolean;
  /** The answer came as HTTP/1.1 (not 1.0). */
  http11: boolean;
}

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/;

/** The answer's head when `buf` holds all of it (with its size in bytes), an Error when it is malformed. */
export function parseResponseHead(buf: Buffer): { head: ResponseHead; size: number } | Error | undefined {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = buf.toString('latin1', 0, end).split('\r\n');
  const status = STATUS_LINE.exec(lines[0]!);
  if (!status) return new Error(`Not an HTTP/1.1 answer: "${lines[0]!.slice(0, 60)}"`);
  const headers: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) return new Error(`Malformed answer header "${line.slice(0, 60)}"`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const connection = (headers.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());
  const keepAlive = status[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
  return {
    head: {
      status: Number(status[2]),
      statusText: status[3] ?? '',
      headers,
      keepAlive,
      http11: status[1] === '1',
    },
    size: end + 4,
  };
}

type Framing = 'none' | 'length' | 'chunked' | 'close';
type ChunkState = 'size' | 'data' | 'data-end' | 'trailer';

/** The body of one answer, fed as it arrives; keeps at most `max` bytes of it. */
export class ResponseBody {
  /** The body runs until the connection closes (no length, not chunked). */
  readonly untilClose: boolean;
  /** Bytes came after the body's end (the next answer's, on a pipelined connection). */
  extra = false;
  /** Once the body is complete: how many bytes of the last `push` were its own (the rest come after it). */
  consumed = 0;
  private readonly framing: Framing;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  /** Bytes left of the body (length) or of the current chunk. */
  private left = 0;
  private chunk: ChunkState = 'size';
  private line = '';
  private finished = false;

  constructor(
    head: ResponseHead,
    noBody: boolean,
    private readonly max: number,
  ) {
    const te = head.headers['transfer-encoding']?.toLowerCase();
    const cl = head.headers['content-length'];
    if (noBody || head.status === 204 || head.status === 304) this.framing = 'none';
    else if (te) this.framing = te.split(',').pop()!.trim() === 'chunked' ? 'chunked' : 'close';
    else if (cl !== undefined) {
      const lengths = new Set(cl.split(',').map((s) => s.trim()));
      const only = [...lengths][0]!;
      if (lengths.size !== 1 || !/^\d+$/.test(only)) throw new Error(`Invalid Content-Length "${cl}"`);
      this.framing = 'length';
      this.left = Number(only);
    } else this.framing = 'close';
    this.untilClose = this.framing === 'close';
    if (this.framing === 'none' || (this.framing === 'length' && this.left === 0)) this.finished = true;
  }

  /** Takes the next bytes: whether the body is complete, or an Error when it is malformed. */
  push(bytes: Buffer): 'more' | 'done' | Error {
    if (this.finished) {
      if (bytes.length) this.extra = true;
      this.consumed = 0;
      return 'done';
    }
    if (this.framing === 'close') {
      this.keep(bytes);
      return 'more';
    }
    if (this.framing === 'length') {
      const n = Math.min(this.left, bytes.length);
      this.keep(bytes.subarray(0, n));
      this.left -= n;
      if (this.left) return 'more';
      return this.done(bytes.length > n, n);
    }
    return this.pushChunked(bytes);
  }

  /** The kept part of the body as text. */
  text(): string {
    return Buffer.concat(this.kept, this.keptBytes).toString('utf8');
  }

  private pushChunked(bytes: Buffer): 'more' | 'done' | Error {
    let at = 0;
    while (at < bytes.length) {
      if (this.chunk === 'data') {
        const n = Math.min(this.left, bytes.length - at);
        this.keep(bytes.subarray(at, at + n));
        this.left -= n;
        at += n;
        if (!this.left) {
          this.chunk = 'data-end';
          this.left = 2;
        }
        continue;
      }
      if (this.chunk === 'data-end') {
        const n = Math.min(this.left, bytes.length - at);
        at += n;
        this.left -= n;
        if (!this.left) this.chunk = 'size';
        continue;
      }
      // A line: a chunk's size, or a trailer (an empty line ends the body).
      const nl = bytes.indexOf(10, at);
      this.line += bytes.toString('latin1', at, nl < 0 ? bytes.length : nl + 1);
      at = nl < 0 ? bytes.length : nl + 1;
      if (this.line.length > 8192) return new Error('A chunk line of the answer is too long');
      if (nl < 0) continue;
      const line = this.line.trim();
      this.line = '';
      if (this.chunk === 'trailer') {
        if (!line) return this.done(at < bytes.length, at);
        continue;
      }
      const size = line.split(';')[0]!.trim();
      if (!/^[0-9a-fA-F]{1,12}$/.test(size)) return new Error(`Invalid chunk size "${size.slice(0, 20)}"`);
      this.left = parseInt(size, 16);
      this.chunk = this.left ? 'data' : 'trailer';
    }
    return 'more';
  }

  private done(extra: boolean, consumed: number): 'done' {
    this.finished = true;
    this.consumed = consumed;
    if (extra) this.extra = true;
    return 'done';
  }

  private keep(bytes: Buffer): void {
    if (this.keptBytes >= this.max || !bytes.length) return;
    const part = bytes.subarray(0, this.max - this.keptBytes);
    this.kept.push(part);
    this.keptBytes += part.length;
  }
}
