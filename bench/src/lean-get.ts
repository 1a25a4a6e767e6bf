/**
 * GET over one kept-alive connection with Node's own `http`, for the timed requests of the shapes suite.
 * `fetch` (undici) adds 0.15–0.4 ms of the load generator's own CPU to every request on the 2-core machine,
 * a tenth or more of a 2 ms target and not what a user's browser pays; this client adds about half of that.
 * See docs/performance.md, "Measuring: `npm run bench`".
 */
import http from 'node:http';

export interface LeanGet {
  (path: string): Promise<Buffer>;
  close(): void;
}

/** A GET function bound to a server and a token; rejects on a status other than 200 with the body's text. */
export function leanGet(baseUrl: string, token: string): LeanGet {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const req = http.get(baseUrl + path, { agent, headers: { 'xc-auth': token } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode === 200) resolve(body);
          else reject(new Error(`${path} -> ${res.statusCode} ${body.toString('utf8')}`));
        });
      });
      req.on('error', reject);
    });
  return Object.assign(get, { close: () => agent.destroy() });
}
