/**
 * Holds webhook deliveries back while the app thread is busy answering requests, so that sending them (the
 * delivery thread, the receivers) does not share the cores with most writes: what is held goes out once the
 * event loop was mostly idle over a short check, or at the latest `holdMaxMs` after the first of it was held.
 * See docs/webhooks.md "Deliveries in quiet moments".
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface QuietGateOptions {
  /** How often a gate holding something looks at the event loop. */
  checkMs: number;
  /** The event loop counts as quiet when it was busy at most this share of the last check's time. */
  busyShare: number;
  /** The longest anything is held. */
  holdMaxMs: number;
}

export const QUIET_GATE_DEFAULTS: QuietGateOptions = { checkMs: 20, busyShare: 0.1, holdMaxMs: 200 };

export class QuietGate {
  private held: (() => void) | undefined;
  private heldSince = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastLook: EventLoopUtilization | undefined;

  constructor(private readonly opts: QuietGateOptions = QUIET_GATE_DEFAULTS) {}

  /**
   * Runs `release` once the event loop is quiet (or the hold ran out). Only the first call of a hold counts:
   * later calls before the release join it (the caller keeps what is held and sends all of it).
   */
  whenQuiet(release: () => void): void {
    if (this.held) return;
    this.held = release;
    this.heldSince = performance.now();
    this.lastLook = performance.eventLoopUtilization();
    this.timer = setTimeout(this.look, this.opts.checkMs);
  }

  /** Releases what is held now (a cancel, or the server stopping). */
  open(): void {
    const release = this.held;
    if (!release) return;
    clearTimeout(this.timer);
    this.held = undefined;
    this.timer = undefined;
    release();
  }

  private readonly look = (): void => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, this.lastLook).utilization;
    this.lastLook = now;
    if (share <= this.opts.busyShare || performance.now() - this.heldSince >= this.opts.holdMaxMs)
      return this.open();
    const left = this.opts.holdMaxMs - (performance.now() - this.heldSince);
    this.timer = setTimeout(this.look, Math.min(this.opts.checkMs, Math.max(1, left)));
  };
}
