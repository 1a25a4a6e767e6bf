import { describe, expect, it, vi } from 'vitest';

vi.mock('../../api/notify', () => ({ notifyError: vi.fn() }));
import { safeContinuePath } from './session-start';

describe('continueAfterSignIn', () => {
  it('follows only paths inside the app', () => {
    expect(safeContinuePath('/nc/p1?x=1')).toBe('/nc/p1?x=1');
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', '', null, undefined]) {
      expect(safeContinuePath(bad)).toBeNull();
    }
  });
});
