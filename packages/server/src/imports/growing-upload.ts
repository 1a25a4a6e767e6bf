/**
 * A CSV or TSV upload read while it is still arriving (docs/imports.md, "Importing while the file uploads"). The
 * route writes the file to disk and keeps its progress in a SharedArrayBuffer: how many bytes are on disk, the
 * line breaks among them, whether the upload is still arriving, done or failed. The import job (and its worker
 * thread, which gets the same buffer) reads the file up to what is on disk and waits for more; a failed upload
 * makes the reader throw, so the job fails and removes its table. The buffer is found by the file's path in this
 * process (`growingUpload`): a job that cannot find it (a restart cut the upload) fails.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

const WRITING = 0n;
const COMPLETE = 1n;
const FAILED = 2n;
/** Slots of the shared buffer (BigInt64): state, bytes on disk, line breaks among them, last byte, expected size. */
const STATE = 0;
const BYTES = 1;
const LINES = 2;
const LAST = 3;
const EXPECTED = 4;
/** How often a reader at the end of what has arrived looks again. */
const POLL_MS = 5;

export const UPLOAD_FAILED_MESSAGE = 'The upload did not complete';

/** The route's side: what it has written, and how the upload ended. */
export class UploadGrowth {
  readonly shared = new SharedArrayBuffer(8 * 5);
  private readonly slots = new BigInt64Array(this.shared);
  private readonly settled: Promise<void>;
  private release!: () => void;

  /** `expectedBytes`: the request's length (an upper bound of the file's), 0 when not known. */
  constructor(expectedBytes: number) {
    this.slots[EXPECTED] = BigInt(Math.max(0, Math.floor(expectedBytes)));
    this.slots[LAST] = 0x0an;
    this.settled = new Promise((resolve) => (this.release = resolve));
  }

  /** `chunk` is on disk (written, not only queued): readers may read it. */
  wrote(chunk: Buffer): void {
    let lines = 0;
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
    if (chunk.length) Atomics.store(this.slots, LAST, BigInt(chunk[chunk.length - 1]!));
    Atomics.add(this.slots, LINES, BigInt(lines));
    Atomics.add(this.slots, BYTES, BigInt(chunk.length));
  }

  complete(): void {
    Atomics.compareExchange(this.slots, STATE, WRITING, COMPLETE);
  }

  fail(): void {
    Atomics.compareExchange(this.slots, STATE, WRITING, FAILED);
  }

  /** Resolves once the job reading the upload has let it go (`forgetGrowingUpload`). */
  released(): Promise<void> {
    return this.settled;
  }

  /** @internal called by `forgetGrowingUpload`. */
  releaseNow(): void {
    this.release();
  }
}

const uploads = new Map<string, UploadGrowth>();

/** Registers the upload being written to `path`, for the job that reads it while it arrives. */
export function registerGrowingUpload(path: string, expectedBytes: number): UploadGrowth {
  const growth = new UploadGrowth(expectedBytes);
  uploads.set(path, growth);
  return growth;
}

/** The shared progress of the upload to `path`, if this process is receiving (or received) it. */
export function growingUpload(path: string): SharedArrayBuffer | undefined {
  return uploads.get(path)?.shared;
}

/** The job is done with the upload to `path`. */
export function forgetGrowingUpload(path: string): void {
  const growth = uploads.get(path);
  uploads.delete(path);
  growth?.releaseNow();
}

/** What a reader sees of an upload (from its shared buffer, on any thread). */
export function uploadState(shared: SharedArrayBuffer) {
  const slots = new BigInt64Array(shared);
  const state = Atomics.load(slots, STATE);
  return {
    arriving: state === WRITING,
    failed: state === FAILED,
    bytes: Number(Atomics.load(slots, BYTES)),
    expectedBytes: Number(Atomics.load(slots, EXPECTED)),
    /** The file's lines as `countLines` counts them (a last line without a line break counts). */
    lines: () => {
      const lines = Number(Atomics.load(slots, LINES));
      return Atomics.load(slots, LAST) === 0x0an ? lines : lines + 1;
    },
  };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/** Waits until the upload has `bytes` bytes on disk or has ended; throws if it failed. */
export async function waitForBytes(shared: SharedArrayBuffer, bytes: number): Promise<void> {
  for (;;) {
    const s = uploadState(shared);
    if (s.failed) throw new Error(UPLOAD_FAILED_MESSAGE);
    if (s.bytes >= bytes || !s.arriving) return;
    await pause();
  }
}

/** Waits until the upload is complete; throws if it failed. */
export const waitForUpload = (shared: SharedArrayBuffer) => waitForBytes(shared, Infinity);

/**
 * The file's bytes in chunks of at most `chunkBytes`, as they arrive, to its end once the upload is complete.
 * @example for await (const chunk of growingFileChunks(path, shared, 256 * 1024)) parse(chunk)
 */
export async function* growingFileChunks(
  path: string,
  shared: SharedArrayBuffer,
  chunkBytes: number,
): AsyncGenerator<Buffer> {
  // The file exists once its first bytes are written (or the upload ended).
  await waitForBytes(shared, 1);
  const file = await open(path, 'r');
  try {
    let position = 0;
    for (;;) {
      const s = uploadState(shared);
      if (s.failed) throw new Error(UPLOAD_FAILED_MESSAGE);
      const available = s.bytes - position;
      if (available <= 0) {
        if (!s.arriving) return;
        await pause();
        continue;
      }
      // Waits for a whole chunk while the upload arrives: fewer, larger chunks for the parser.
      if (available < chunkBytes && s.arriving && s.bytes < s.expectedBytes) {
        await waitForBytes(shared, position + chunkBytes);
        continue;
      }
      const buf = Buffer.allocUnsafe(Math.min(chunkBytes, available));
      const { bytesRead } = await file.read(buf, 0, buf.length, position);
      if (bytesRead === 0) throw new Error(`${UPLOAD_FAILED_MESSAGE}: the file is shorter than written`);
      position += bytesRead;
      yield bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/** Writes an upload to `path`, telling `growth` of each chunk once it is on disk. */
export function growingUploadWriter(path: string, growth: UploadGrowth): Writable {
  let file: FileHandle | undefined;
  const writeAll = async (chunk: Buffer) => {
    for (let at = 0; at < chunk.length;) at += (await file!.write(chunk, at, chunk.length - at)).bytesWritten;
    growth.wrote(chunk);
  };
  return new Writable({
    construct(callback) {
      open(path, 'w').then((f) => {
        file = f;
        callback();
      }, callback);
    },
    write(chunk: Buffer, _encoding, callback) {
      writeAll(chunk).then(() => callback(), callback);
    },
    destroy(err, callback) {
      if (!file) return callback(err);
      file.close().then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}
