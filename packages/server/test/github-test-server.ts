/**
 * A small GitHub stand-in on loopback for the sign-in tests: the OAuth endpoints a GitHub OAuth app uses
 * (`/login/oauth/authorize`, `/login/oauth/access_token`, with PKCE) and the REST calls Rowbase makes
 * (`/api/v3/user`, `/api/v3/user/emails`, as on GitHub Enterprise Server). The person "signed in" at GitHub is
 * whoever `signInAs` named last; authorisation is granted at once. Codes are single-use and bound to their
 * redirect address, like GitHub's.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

export interface GithubPerson {
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface TestGithub {
  url: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  signInAs(person: GithubPerson): void;
  close(): Promise<void>;
}

interface Grant {
  person: GithubPerson;
  redirectUri: string;
  challenge: string | null;
}

export async function startTestGithub(): Promise<TestGithub> {
  const clientId = `Iv1.${randomBytes(8).toString('hex')}`;
  const clientSecret = randomBytes(20).toString('hex');
  let current: GithubPerson | undefined;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, GithubPerson>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://github.test');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== clientId || !current) return json(res, 404, { message: 'Not Found' });
        const code = randomBytes(10).toString('hex');
        codes.set(code, {
          person: current,
          redirectUri: q.get('redirect_uri')!,
          challenge: q.get('code_challenge'),
        });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(res, 200, { error: 'incorrect_client_credentials' });
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !grant ||
          grant.redirectUri !== form.get('redirect_uri') ||
          (grant.challenge && grant.challenge !== challenge)
        )
          return json(res, 200, {
            error: 'bad_verification_code',
            error_description: 'The code passed is incorrect or expired.',
          });
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, grant.person);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      const person = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (url.pathname.startsWith('/api/v3/') && !person)
        return json(res, 401, { message: 'Bad credentials' });
      if (req.method === 'GET' && url.pathname === '/api/v3/user')
        return json(res, 200, { id: 1, login: person!.login, name: person!.name });
      if (req.method === 'GET' && url.pathname === '/api/v3/user/emails')
        return json(
          res,
          200,
          person!.emails.map((e) => ({ ...e, visibility: null })),
        );
      json(res, 404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    apiUrl: `${url}/api/v3`,
    clientId,
    clientSecret,
    signInAs: (p) => (current = p),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
