import { describe, expect, it } from 'vitest';
import { safeContinuePath } from './session-start';

describe('continueAfterSignIn', () => {
  it('follows only paths inside the app', () => {
    expect(safeContinuePath('/nc/p1?x=1')).toBe('/nc/p1?x=1');
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', '', null, undefined]) {
      expect(safeContinuePath(bad)).toBeNull();
    }
  });
});
