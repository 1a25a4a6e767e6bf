/**
 * Fetching a client-given URL without letting it reach inside the network (SSRF): the host is resolved
 * first and every address checked (loopback, private, link-local incl. the 169.254.169.254 metadata
 * service, unique-local IPv6, unspecified, multicast, CGNAT); the request then goes to exactly that checked
 * address (no second DNS answer can swap it). Redirects are followed by hand, each one checked the same way.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { badRequest } from '@rowbase/core/errors';

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 15_000;

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for addresses a fetch must never reach. @example isForbiddenAddress('169.254.169.254') // true */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isForbiddenAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface FetchGuardOptions {
  /** DNS resolution; replaceable in tests. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** The address policy; replaceable in tests. */
  isForbidden?: (address: string, host: string) => boolean;
}

async function defaultResolve(host: string): Promise<ResolvedAddress[]> {
  const list = await dnsLookup(host, { all: true, verbatim: true });
  return list.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Resolves a URL's host and returns the one address to connect to, or a 400 saying why not. */
export async function checkedAddress(url: URL, opts: FetchGuardOptions = {}): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`Only http and https URLs can be uploaded, not ${url.protocol}`);
  }
  if (url.username || url.password) throw badRequest('URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const forbidden = opts.isForbidden ?? ((a: string) => isForbiddenAddress(a));
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (opts.resolve ?? defaultResolve)(host);
    } catch {
      throw badRequest(`Cannot resolve host ${host}`);
    }
  }
  if (!addresses.length) throw badRequest(`Cannot resolve host ${host}`);
  // Every answer must be allowed: an attacker's DNS may mix a public and a private address.
  if (addresses.some((a) => forbidden(a.address, host))) {
    throw badRequest(`URL host ${host} is not allowed: it is a local, private or reserved address`);
  }
  return addresses[0]!;
}

export interface FetchedFile {
  stream: Readable;
  mimetype: string | undefined;
  /** The file name from content-disposition or the final URL's last path part. */
  fileName: string;
  finalUrl: URL;
}

/**
 * GETs a URL under the guard, following at most 5 redirects by hand.
 * @example await fetchGuarded('https://example.com/cat.png')
 */
export async function fetchGuarded(rawUrl: string, opts: FetchGuardOptions = {}): Promise<FetchedFile> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw badRequest(`Invalid URL: ${rawUrl}`);
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = await checkedAddress(url, opts);
    const res = await requestOnce(url, target);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw badRequest('The URL redirected to an invalid location');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw badRequest(`Fetching the URL failed with status ${status}`);
    }
    const type = res.headers['content-type']?.split(';')[0]?.trim() || undefined;
    return {
      stream: res,
      mimetype: type,
      fileName: fileNameOf(res.headers['content-disposition'], url),
      finalUrl: url,
    };
  }
  throw badRequest(`Too many redirects (more than ${MAX_REDIRECTS})`);
}

function requestOnce(url: URL, target: ResolvedAddress): Promise<http.IncomingMessage> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: 'GET',
        timeout: TIMEOUT_MS,
        headers: { 'user-agent': 'Rowbase attachment fetcher', accept: '*/*' },
        // Connect to the address that was checked, whatever DNS would say now.
        lookup: (_host, options, cb) => {
          if ((options as { all?: boolean }).all)
            cb(null, [{ address: target.address, family: target.family }] as never);
          else cb(null, target.address, target.family);
        },
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(badRequest('Fetching the URL timed out')));
    req.on('error', (err) =>
      reject(
        err instanceof Error && 'code' in err && !(err as { status?: number }).status
          ? badRequest(`Fetching the URL failed: ${err.message}`)
          : err,
      ),
    );
    req.end();
  });
}

function fileNameOf(disposition: string | undefined, url: URL): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  if (m?.[1]) {
    try {
      return decodeURIComponent(m[1]);
    } catch {
      return m[1];
    }
  }
  const last = url.pathname.split('/').filter(Boolean).pop();
  try {
    return last ? decodeURIComponent(last) : url.hostname;
  } catch {
    return last ?? url.hostname;
  }
}
