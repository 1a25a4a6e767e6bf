/**
 * Each job's messages (`_mid` 1, 2, …) kept in memory with their listeners, for the in-process queue. A
 * finished job's log is dropped a while after its close message; the listen call then answers from the stored
 * record instead.
 */
import type { JobEvent, JobEventListener } from './job-queue.js';

const KEEP_AFTER_CLOSE_MS = 10 * 60 * 1000;

interface Log {
  events: JobEvent[];
  listeners: Set<JobEventListener>;
}

export class MemoryEventLog {
  private readonly logs = new Map<string, Log>();

  private logOf(id: string): Log {
    let log = this.logs.get(id);
    if (!log) {
      log = { events: [], listeners: new Set() };
      this.logs.set(id, log);
    }
    return log;
  }

  append(id: string, event: Omit<JobEvent, '_mid'>): JobEvent {
    const log = this.logOf(id);
    const full = { _mid: log.events.length + 1, ...event };
    log.events.push(full);
    for (const listener of log.listeners) listener(full);
    if (event.status === 'close') {
      setTimeout(() => {
        if (this.logs.get(id)?.listeners.size === 0) this.logs.delete(id);
      }, KEEP_AFTER_CLOSE_MS).unref();
    }
    return full;
  }

  after(id: string, afterMid: number): JobEvent[] {
    return (this.logs.get(id)?.events ?? []).filter((e) => e._mid > afterMid);
  }

  subscribe(id: string, listener: JobEventListener): () => void {
    const log = this.logOf(id);
    log.listeners.add(listener);
    return () => {
      log.listeners.delete(listener);
    };
  }
}
