/**
 * Sends one webhook request. Unless local targets are allowed (NC_ALLOW_LOCAL_HOOKS=true), a target that
 * resolves to a loopback, private, link-local or cloud-metadata address is refused: the check runs on the
 * address actually connected to (a custom DNS lookup), so a name that resolves differently later cannot slip
 * through, and every redirect is followed by hand and checked again.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Http1Error, http1Request, http1Requests, type Http1Request } from './http1-client.js';

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

/** The client's request for `req` at `url`, and the key its connections are kept under. */
function clientRequest(req: HookRequest, url: URL): { request: Http1Request; target: string } {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!req.allowLocal && isIP(host) && isBlockedAddress(host)) {
    throw new HookSendError('BLOCKED_ADDRESS', `${host} is a local or private address`);
  }
  return {
    request: {
      method: req.method,
      url,
      headers: req.headers,
      body: req.body !== undefined && req.method !== 'GET' ? req.body : undefined,
      timeoutMs: req.timeoutMs,
      lookup: req.allowLocal ? undefined : guardedLookup,
    },
    // Connections are kept per target and per guard setting: a kept connection was checked when it was opened.
    target: `${url.protocol}//${url.host}|${req.allowLocal}`,
  };
}

type Answer = HookResponse & { location?: string };

function answerOf(res: Awaited<ReturnType<typeof http1Request>>): Answer {
  return { ...res, data: res.data.slice(0, MAX_RESPONSE_CHARS), location: res.headers.location };
}

function sendError(e: unknown): HookSendError {
  if (e instanceof HookSendError) return e;
  return new HookSendError(e instanceof Http1Error ? e.code : 'NETWORK', (e as Error).message);
}

async function once(req: HookRequest, url: URL): Promise<Answer> {
  const { request, target } = clientRequest(req, url);
  try {
    return answerOf(await http1Request(request, target));
  } catch (e) {
    throw sendError(e);
  }
}

/** Sends the request, following up to five redirects (each checked like the first target). */
export async function sendHookRequest(req: HookRequest, first?: Answer): Promise<HookResponse> {
  let url = new URL(req.url);
  let method = req.method;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = hop === 0 && first ? first : await once({ ...req, method }, url);
    if (res.status < 300 || res.status >= 400 || !res.location) {
      const { location: _location, ...answer } = res;
      return answer;
    }
    url = new URL(res.location, url);
    if (res.status === 303) method = 'GET';
  }
  throw new HookSendError('TOO_MANY_REDIRECTS', `More than ${MAX_REDIRECTS} redirects`);
}

/**
 * Sends requests to one URL in order, pipelined on a kept connection where the receiver allows it
 * (`http1Requests`), and returns each one's answer or error in the same order; a redirect is followed for its
 * request alone, in turn. Requests to different URLs go one after another. Never rejects.
 */
export async function sendHookRequests(reqs: HookRequest[]): Promise<(HookResponse | HookSendError)[]> {
  const settle = (p: Promise<HookResponse>) => p.catch((e: unknown) => sendError(e));
  if (reqs.length < 2 || reqs.some((r) => r.url !== reqs[0]!.url || r.allowLocal !== reqs[0]!.allowLocal)) {
    const out: (HookResponse | HookSendError)[] = [];
    for (const r of reqs) out.push(await settle(sendHookRequest(r)));
    return out;
  }
  const url = new URL(reqs[0]!.url);
  let built: { request: Http1Request; target: string }[];
  try {
    built = reqs.map((r) => clientRequest(r, url));
  } catch (e) {
    return reqs.map(() => sendError(e));
  }
  let answers: (Awaited<ReturnType<typeof http1Request>> | Error)[];
  try {
    answers = await http1Requests(
      built.map((b) => b.request),
      built[0]!.target,
    );
  } catch (e) {
    return reqs.map(() => sendError(e));
  }
  const out: (HookResponse | HookSendError)[] = [];
  for (let i = 0; i < reqs.length; i++) {
    const a = answers[i]!;
    out.push(a instanceof Error ? sendError(a) : await settle(sendHookRequest(reqs[i]!, answerOf(a))));
  }
  return out;
}
