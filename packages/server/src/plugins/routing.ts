/**
 * What the rest of the server sees of plugins: `ctx.mailer` and `ctx.storage` send and store through the
 * active plugin, falling back to the outbox and the local folder. Files in S3 carry an `s3/` key prefix, so
 * each file is read from where it was written even after the active storage changes.
 */
import type { Readable } from 'node:stream';
import type { MailMessage, Mailer, OutboxMailer } from '../mail/mailer.js';
import { newStorageKey, type FileStorage, type LocalFileStorage } from '../storage/file-storage.js';
import type { PluginService } from './service.js';

export const S3_KEY_PREFIX = 's3/';

export class PluginMailer implements Mailer {
  constructor(
    private readonly plugins: PluginService,
    private readonly outbox: OutboxMailer,
  ) {}

  /** Sends through SMTP when configured (kept in the outbox too, unlogged); logs to the outbox otherwise. */
  async send(message: MailMessage): Promise<void> {
    const transport = await this.plugins.mailTransport();
    if (!transport) return this.outbox.send(message);
    this.outbox.keep(message);
    await transport.send(message);
  }
}

export class PluginStorage implements FileStorage {
  constructor(
    private readonly plugins: PluginService,
    readonly local: LocalFileStorage,
  ) {}

  async newKey(fileName: string): Promise<string> {
    const s3 = await this.plugins.activeS3();
    return (s3 ? S3_KEY_PREFIX : '') + newStorageKey(fileName);
  }

  async write(key: string, data: Readable, maxBytes: number): Promise<number> {
    const s3Key = s3KeyOf(key);
    if (s3Key === undefined) return this.local.write(key, data, maxBytes);
    return (await this.s3()).write(s3Key, data, maxBytes);
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const s3Key = s3KeyOf(key);
    if (s3Key === undefined) return this.local.read(key);
    return (await this.plugins.savedS3())?.read(s3Key);
  }

  async remove(key: string): Promise<void> {
    const s3Key = s3KeyOf(key);
    if (s3Key === undefined) return this.local.remove(key);
    await (await this.s3()).remove(s3Key);
  }

  /** A short-lived address of an S3 file, or undefined when the key is not one or S3 is not set up. */
  async signedUrl(key: string): Promise<string | undefined> {
    const s3Key = s3KeyOf(key);
    if (s3Key === undefined) return undefined;
    return (await this.plugins.savedS3())?.signedUrl(s3Key);
  }

  private async s3() {
    const s3 = await this.plugins.savedS3();
    if (!s3) throw new Error('S3 storage is not configured');
    return s3;
  }
}

function s3KeyOf(key: string): string | undefined {
  return key.startsWith(S3_KEY_PREFIX) ? key.slice(S3_KEY_PREFIX.length) : undefined;
}
