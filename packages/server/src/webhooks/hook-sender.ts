/**
 * Sends one webhook request. Unless local targets are allowed (NC_ALLOW_LOCAL_HOOKS=true), a target that
 * resolves to a loopback, private, link-local or cloud-metadata address is refused: the check runs on the
 * address actually connected to (a custom DNS lookup), so a name that resolves differently later cannot slip
 * through, and every redirect is followed by hand and checked again.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Http1Error, http1Request } from './http1-client.js';

export interface HookRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowLocal: boolean;
}

export interface HookResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: string;
}

export class HookSendError extends Error {
  constructor(
    readonly code: 'BLOCKED_ADDRESS' | 'TIMEOUT' | 'NETWORK' | 'TOO_MANY_REDIRECTS',
    message: string,
  ) {
    super(message);
  }
}

const MAX_REDIRECTS = 5;
const MAX_RESPONSE_CHARS = 10_000;

/** True for addresses a webhook must not reach by default. */
export function isBlockedAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) {
      return callback(
        new HookSendError(
          'BLOCKED_ADDRESS',
          `${hostname} resolves to ${blocked.address}, a local or private address`,
        ),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

async function once(req: HookRequest, url: URL): Promise<HookResponse & { location?: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!req.allowLocal && isIP(host) && isBlockedAddress(host)) {
    throw new HookSendError('BLOCKED_ADDRESS', `${host} is a local or private address`);
  }
  // Connections are kept per target and per guard setting: a kept connection was checked when it was opened.
  const target = `${url.protocol}//${url.host}|${req.allowLocal}`;
  try {
    const res = await http1Request(
      {
        method: req.method,
        url,
        headers: req.headers,
        body: req.body !== undefined && req.method !== 'GET' ? req.body : undefined,
        timeoutMs: req.timeoutMs,
        lookup: req.allowLocal ? undefined : guardedLookup,
      },
      target,
    );
    return { ...res, data: res.data.slice(0, MAX_RESPONSE_CHARS), location: res.headers.location };
  } catch (e) {
    if (e instanceof HookSendError) throw e;
    throw new HookSendError(e instanceof Http1Error ? e.code : 'NETWORK', (e as Error).message);
  }
}

/** Sends the request, following up to five redirects (each checked like the first target). */
export async function sendHookRequest(req: HookRequest): Promise<HookResponse> {
  let url = new URL(req.url);
  let method = req.method;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await once({ ...req, method }, url);
    if (res.status < 300 || res.status >= 400 || !res.location) {
      const { location: _location, ...answer } = res;
      return answer;
    }
    url = new URL(res.location, url);
    if (res.status === 303) method = 'GET';
  }
  throw new HookSendError('TOO_MANY_REDIRECTS', `More than ${MAX_REDIRECTS} redirects`);
}
