import { describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import type { JobRecord } from './job-queue.js';
import { StatusObservers } from './status-observers.js';

const job = (id: string) => ({ id, status: 'active' }) as JobRecord;

describe('job status observers', () => {
  it('tells the configured observer first, then the added ones; a throwing one is logged, the rest still hear', () => {
    const heard: string[] = [];
    const logged: unknown[] = [];
    const log = { error: (fields: unknown) => logged.push(fields) } as unknown as Logger;
    const observers = new StatusObservers((j) => heard.push(`first ${j.id}`), log);
    observers.add(() => {
      throw new Error('broken observer');
    });
    const off = observers.add((j) => heard.push(`added ${j.id}`));
    observers.emit(job('a'));
    expect(heard).toEqual(['first a', 'added a']);
    expect(logged).toHaveLength(1);
    off();
    observers.emit(job('b'));
    expect(heard).toEqual(['first a', 'added a', 'first b']);
  });
});
