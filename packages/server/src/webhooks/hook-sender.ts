/**
 * Sends one webhook request. Unless local targets are allowed (NC_ALLOW_LOCAL_HOOKS=true), a target that
 * resolves to a loopback, private, link-local or cloud-metadata address is refused: the check runs on the
 * address actually connected to (a custom DNS lookup), so a name that resolves differently later cannot slip
 * through, and every redirect is followed by hand and checked again.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

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

/** Connections kept open per target (scheme, host and port), for at most this many targets. */
const MAX_AGENTS = 100;
const MAX_SOCKETS_PER_TARGET = 16;
const agents = new Map<string, http.Agent>();

/**
 * The keep-alive agent of a target: its deliveries reuse connections instead of opening one per request, and a
 * slow receiver holds at most a few of them. A reused connection was checked by the guard when it was opened.
 */
function agentFor(url: URL, allowLocal: boolean): http.Agent {
  const key = `${url.protocol}//${url.host}|${allowLocal}`;
  let agent = agents.get(key);
  if (agent) {
    // Most recently used last, so the one let go when full is the least recently used.
    agents.delete(key);
  } else {
    if (agents.size >= MAX_AGENTS) {
      const [oldest, old] = agents.entries().next().value as [string, http.Agent];
      agents.delete(oldest);
      old.destroy();
    }
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_TARGET });
  }
  agents.set(key, agent);
  return agent;
}

function once(req: HookRequest, url: URL): Promise<HookResponse & { location?: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!req.allowLocal && isIP(host) && isBlockedAddress(host)) {
    return Promise.reject(new HookSendError('BLOCKED_ADDRESS', `${host} is a local or private address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const r = client.request(
      url,
      {
        method: req.method,
        headers: req.headers,
        agent: agentFor(url, req.allowLocal),
        lookup: req.allowLocal ? undefined : guardedLookup,
        timeout: req.timeoutMs,
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (data.length < MAX_RESPONSE_CHARS) data += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
            ),
            data: data.slice(0, MAX_RESPONSE_CHARS),
            location: res.headers.location,
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new HookSendError('TIMEOUT', `No answer within ${req.timeoutMs} ms`)));
    r.on('error', (e) => reject(e instanceof HookSendError ? e : new HookSendError('NETWORK', e.message)));
    // Headers and body leave in one write.
    r.end(req.body !== undefined && req.method !== 'GET' ? req.body : undefined);
  });
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
