import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenLive, msUntilRefresh } from './jwt';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;

describe('token decoding', () => {
  it('reads the payload and the expiry', () => {
    expect(decodeToken(token({ email: 'ä@x.io', exp: 100 }))).toMatchObject({ email: 'ä@x.io', exp: 100 });
  });

  it("throws 'Invalid token specified' on what cannot be decoded", () => {
    for (const bad of ['', 'abc', 'a.!!!.c', `a.${Buffer.from('not json').toString('base64url')}.c`]) {
      expect(() => decodeToken(bad)).toThrow('Invalid token specified');
    }
  });

  it('is live only before its expiry, and refreshes 5 minutes before it', () => {
    const t = token({ exp: 1000 });
    expect(isTokenLive(t, 999_000)).toBe(true);
    expect(isTokenLive(t, 1_000_000)).toBe(false);
    expect(isTokenLive('garbage', 0)).toBe(false);
    expect(msUntilRefresh(t, 0)).toBe(1_000_000 - 300_000);
    // Less than 5 minutes left: half-way through what remains, never back to back.
    expect(msUntilRefresh(t, 900_000)).toBe(50_000);
    expect(msUntilRefresh(t, 1_000_000)).toBe(0);
  });
});
