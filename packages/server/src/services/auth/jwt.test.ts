import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtService } from './jwt.js';

const claims = { id: 'u1', email: 'a@example.com', roles: 'org-level-viewer', token_version: 1 };

describe('JwtService.verify', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token again without losing its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const jwt = new JwtService('a-secret-of-sixteen-chars', 60);
    const token = await jwt.sign(claims);
    expect((await jwt.verify(token))?.id).toBe('u1');
    expect((await jwt.verify(token))?.token_version).toBe(1); // the second call is answered from memory
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect(await jwt.verify(token)).toBeUndefined();
    expect(await jwt.verify(token)).toBeUndefined();
  });

  it('refuses a tampered token and one signed with another secret, even after the real one was seen', async () => {
    const jwt = new JwtService('a-secret-of-sixteen-chars', 60);
    const token = await jwt.sign(claims);
    expect(await jwt.verify(token)).toMatchObject({ id: 'u1', token_version: 1 });
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, id: 'u2', exp: 4_000_000_000 })).toString(
      'base64url',
    );
    expect(await jwt.verify(`${head}.${forged}.${sig}`)).toBeUndefined();
    expect(await jwt.verify(`${head}.${body}.${sig!.slice(0, -2)}xx`)).toBeUndefined();
    const other = await new JwtService('another-secret-of-16', 60).sign(claims);
    expect(await jwt.verify(other)).toBeUndefined();
  });
});
