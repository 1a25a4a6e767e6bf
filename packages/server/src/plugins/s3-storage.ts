/**
 * The S3-compatible storage plugin: attachments as objects in a bucket of AWS S3 or any store speaking its API
 * (MinIO, R2, B2, Spaces), reached at a custom endpoint and region, with path-style addressing when asked.
 * Objects stay private; browsers get short-lived signed URLs.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileTooLarge, isStorageKey, newStorageKey, type FileStorage } from '../storage/file-storage.js';
import type { PluginSettings } from './settings.js';

/** How long a signed download address works. */
export const SIGNED_URL_SECONDS = 10 * 60;

export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: PluginSettings) {
    this.bucket = String(settings.bucket);
    this.client = new S3Client({
      region: String(settings.region),
      endpoint: settings.endpoint ? String(settings.endpoint) : undefined,
      forcePathStyle: settings.force_path_style === true,
      credentials: {
        accessKeyId: String(settings.access_key),
        secretAccessKey: String(settings.access_secret),
      },
      // Stores other than AWS often reject the newer optional checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  newKey(fileName: string): string {
    return newStorageKey(fileName);
  }

  /** Collects the upload (at most `maxBytes`, 20 MB for attachments) and puts it as one object. */
  async write(key: string, data: Readable, maxBytes: number): Promise<number> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        data.destroy();
        throw fileTooLarge(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    if ((data as { truncated?: boolean }).truncated) throw fileTooLarge(maxBytes);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Body: Buffer.concat(chunks) }),
    );
    return size;
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!isStorageKey(key) && !key.startsWith(PROBE_PREFIX)) return undefined;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { stream: got.Body as Readable, size: Number(got.ContentLength ?? 0) };
    } catch (err) {
      if (
        err instanceof NoSuchKey ||
        (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
      )
        return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  /** A GET address for the object that works for `SIGNED_URL_SECONDS`. */
  async signedUrl(key: string): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }), {
      expiresIn: SIGNED_URL_SECONDS,
    });
  }

  /** Writes, reads back and deletes a small probe object; throws with the store's message when any step fails. */
  async probe(): Promise<void> {
    const key = `${PROBE_PREFIX}${Date.now().toString(36)}`;
    const body = `rowbase probe ${key}`;
    await this.write(key, Readable.from([Buffer.from(body)]), 1024);
    const back = await this.read(key);
    if (!back) throw new Error('the probe object could not be read back');
    let text = '';
    for await (const chunk of back.stream) text += String(chunk);
    await this.remove(key);
    if (text !== body) throw new Error('the probe object came back different');
  }

  close(): void {
    this.client.destroy();
  }

  private checked(key: string): string {
    if (!isStorageKey(key) && !key.startsWith(PROBE_PREFIX)) throw new Error(`Not a storage key: ${key}`);
    return key;
  }
}

const PROBE_PREFIX = 'rowbase-probe/';
