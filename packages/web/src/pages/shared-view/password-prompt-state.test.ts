import { describe, expect, it, vi } from 'vitest';

// The client's module pulls in antd's toasts through the session; this test needs only ApiError.
vi.mock('../../api/notify', () => ({ notifyError: vi.fn(), notifyInfo: vi.fn(), errorMessageOf: vi.fn() }));
import { ApiError } from '../../api/client';
import { promptError } from './password-prompt-state';

const refused = new ApiError(403, {
  msg: 'Invalid shared view password',
  message: 'Invalid shared view password',
  error: 'INVALID_SHARED_VIEW_PASSWORD',
});

describe('the shared view password prompt', () => {
  it('asks without a message before any password, and says it was wrong after one', () => {
    expect(promptError(refused, null, 'Wrong password')).toBe('');
    expect(promptError(refused, 'guess', 'Wrong password')).toBe('Wrong password');
  });

  it('keeps asking with the server message when tries are rate-limited', () => {
    const limited = new ApiError(429, { msg: 'Too many attempts, retry in 60 seconds' });
    expect(promptError(limited, 'guess', 'Wrong password')).toBe('Too many attempts, retry in 60 seconds');
    expect(promptError(limited, null, 'Wrong password')).toBeUndefined();
  });

  it('leaves other failures (a disabled link) to the error page', () => {
    expect(promptError(new ApiError(404, { msg: 'Shared view not found' }), 'pw', 'Wrong')).toBeUndefined();
    expect(promptError(new ApiError(403, { msg: 'Forbidden' }), null, 'Wrong')).toBeUndefined();
  });
});
