import { describe, expect, it } from 'vitest';
import { AppError, ErrorCode, extractErrorMessage } from './errors.js';

describe('extractErrorMessage (the order of docs/behaviour/web-app.md)', () => {
  it('uses the error message when there is no response', () => {
    expect(extractErrorMessage({ message: 'Network Error' })).toBe('Network Error');
    expect(extractErrorMessage(null)).toBe('Some error occurred');
  });
  it('reads msg, then message, then the internal fallback', () => {
    expect(extractErrorMessage({ response: { data: { msg: 'a', message: 'b' } } })).toBe('a');
    expect(extractErrorMessage({ response: { data: { message: 'b' } } })).toBe('b');
    expect(extractErrorMessage({ response: { data: {} } })).toBe('Some internal error occurred');
  });
  it('joins validation errors with their paths', () => {
    const data = { msg: 'x', errors: [{ instancePath: '/email', message: 'bad' }, { message: 'short' }] };
    expect(extractErrorMessage({ response: { data } })).toBe('/email - bad, short');
  });
  it('parses binary bodies and falls back when they are not JSON', () => {
    const json = new TextEncoder().encode('{"msg":"é ok"}');
    expect(extractErrorMessage({ response: { data: json } })).toBe('é ok');
    expect(extractErrorMessage({ response: { data: new Uint8Array([0xff, 0x00]) } })).toBe(
      'Some internal error occurred',
    );
  });
  it('gives AppError a status and body', () => {
    const e = new AppError(ErrorCode.NOT_FOUND, 'Table not found');
    expect(e.status).toBe(404);
    expect(e.toBody()).toEqual({ msg: 'Table not found', message: 'Table not found', error: 'NOT_FOUND' });
  });
});
