/**
 * Connection secrets at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the server's JWT secret.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url, so a changed or tampered value fails loudly.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'rowbase-sources', 'connection-config', 32));
}

export class SecretBox {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = keyFrom(secret);
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  open<T = unknown>(sealed: string): T {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unreadable source config');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
    return JSON.parse(text) as T;
  }
}
