import { describe, expect, it } from 'vitest';
import { SecretBox } from './secrets.js';

describe('SecretBox', () => {
  it('round-trips a config and never stores it in clear', () => {
    const box = new SecretBox('a-long-enough-secret-for-tests');
    const sealed = box.seal({ client: 'pg', connection: { password: 'hunter2' } });
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toEqual({ client: 'pg', connection: { password: 'hunter2' } });
  });
  it('refuses a tampered value or another key', () => {
    const box = new SecretBox('a-long-enough-secret-for-tests');
    const sealed = box.seal({ a: 1 });
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('another-secret-entirely-here').open(sealed)).toThrow();
  });
});
