/**
 * Brute-force limits for sign-in, sign-up, forgot-password and shared-view passwords: so many attempts per
 * minute per client address AND per account (an e-mail, a shared view), whichever runs out first. Over the
 * limit the answer is 429 with a Retry-After header. Configured by NC_AUTH_RATE_LIMIT_PER_MINUTE and turned
 * off by NC_DISABLE_RATE_LIMIT. The counters live in a `RateLimitStore`: in process here; scaled-out mode
 * plugs in a shared (Redis) store behind the same interface.
 */
import { AppError, ErrorCode } from '@rowbase/core/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

export interface WindowState {
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

export interface RateLimitStore {
  /** Counts one hit for `key` in its current window (opening a new one of `windowMs` if needed). */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** The current window of `key`, without counting; undefined when none is open. */
  peek(key: string): Promise<WindowState | undefined>;
  /** Lets go of connections (a shared store); the in-process store has none. */
  close?(): Promise<void>;
}

/** Fixed windows in a Map; expired windows are swept at most once per window length. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowState>();
  private nextSweep = 0;

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const now = Date.now();
    this.sweep(now, windowMs);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { ...w };
  }

  async peek(key: string): Promise<WindowState | undefined> {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? { ...w } : undefined;
  }

  private sweep(now: number, windowMs: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + windowMs;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export type LimitedAction = 'signin' | 'signup' | 'password-forgot' | 'shared-view-password';

/** Who is trying: the client address and, when known, the account the attempt is about. */
export interface Attempter {
  ip: string;
  account?: string | undefined;
}

const WINDOW_MS = 60_000;

export class AuthRateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly opts: { enabled: boolean; perMinute: number },
  ) {}

  async close(): Promise<void> {
    await this.store.close?.();
  }

  /** Counts an attempt; returns the seconds to wait when this one is over the limit, else 0. */
  async hit(action: LimitedAction, who: Attempter): Promise<number> {
    if (!this.opts.enabled) return 0;
    const states = await Promise.all(keysOf(action, who).map((k) => this.store.hit(k, WINDOW_MS)));
    return this.waitFor(states);
  }

  /** The seconds to wait when the address or the account has already used up its attempts, else 0. */
  async check(action: LimitedAction, who: Attempter): Promise<number> {
    if (!this.opts.enabled) return 0;
    const states = await Promise.all(keysOf(action, who).map((k) => this.store.peek(k)));
    return this.waitFor(states.map((s) => (s ? { ...s, count: s.count + 1 } : undefined)));
  }

  private waitFor(states: (WindowState | undefined)[]): number {
    let wait = 0;
    for (const s of states) {
      if (s && s.count > this.opts.perMinute) {
        wait = Math.max(wait, Math.max(1, Math.ceil((s.resetAt - Date.now()) / 1000)));
      }
    }
    return wait;
  }
}

function keysOf(action: LimitedAction, who: Attempter): string[] {
  const keys = [`${action}|ip|${who.ip}`];
  const account = who.account?.trim().toLowerCase();
  if (account) keys.push(`${action}|account|${account}`);
  return keys;
}

function tooManyAttempts(reply: FastifyReply, waitSeconds: number): AppError {
  reply.header('retry-after', String(waitSeconds));
  return new AppError(
    ErrorCode.TOO_MANY_REQUESTS,
    `Too many attempts, please try again in ${waitSeconds} seconds`,
  );
}

/**
 * Counts every attempt (sign-up, forgot-password): throws 429 once the address or the account is over the
 * limit for this minute.
 * @example await limitAttempts(ctx, req, reply, 'password-forgot', body.email);
 */
export async function limitAttempts(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  action: LimitedAction,
  account?: string,
): Promise<void> {
  const wait = await ctx.rateLimiter.hit(action, { ip: req.ip, account });
  if (wait > 0) throw tooManyAttempts(reply, wait);
}

/**
 * Counts only failed attempts (sign-in, shared-view password), so people who get it right are never
 * slowed down. Throws 429 when the address or account has no attempts left; otherwise returns the function
 * to call when this attempt fails.
 * @example
 * const failed = await limitFailures(ctx, req, reply, 'shared-view-password', view.uuid);
 * if (!(await verifyPassword(view.passwordHash, given))) { await failed(); throw forbidden('...'); }
 */
export async function limitFailures(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  action: LimitedAction,
  account?: string,
): Promise<() => Promise<void>> {
  const who = { ip: req.ip, account };
  const wait = await ctx.rateLimiter.check(action, who);
  if (wait > 0) throw tooManyAttempts(reply, wait);
  return async () => {
    await ctx.rateLimiter.hit(action, who);
  };
}
