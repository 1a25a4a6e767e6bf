/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback for sign-in tests. Its login and
 * consent steps finish at once for the person the test chose with `signInAs`, so a test can follow the
 * browser's redirects with plain fetch calls.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signInAs(person: TestPerson): void;
  /** Registers the client with the app's redirect address (known once the app listens). */
  register(redirectUri: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'rowbase-test';
  const clientSecret = 'rowbase-test-secret-0123456789';
  let person: TestPerson | undefined;
  let provider: Provider | undefined;

  const configure = (redirectUri: string) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // Put the e-mail claims in the ID token, where the app reads them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['rowbase-test-cookie-key'] },
      async findAccount(_ctx, sub) {
        if (!person || person.sub !== sub) return undefined;
        const p = person;
        return { accountId: sub, claims: async () => ({ ...p }) };
      },
    });

  server.on('request', (req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end('not registered yet');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(req, res).catch((err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      });
      return;
    }
    void provider.callback()(req, res);
  });

  async function finishInteraction(
    req: Parameters<Provider['interactionDetails']>[0],
    res: Parameters<Provider['interactionDetails']>[1],
  ) {
    if (!person || !provider) throw new Error('no test person chosen');
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: person.sub, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (p) => {
      person = p;
    },
    register: (redirectUri) => {
      provider = configure(redirectUri);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
