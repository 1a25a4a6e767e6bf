import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, randomEmail } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

const LIMIT = 10;
let ipCounter = 0;
/** A fresh client address per call site (the server trusts X-Forwarded-For from its proxy). */
const newIp = () => `203.0.113.${++ipCounter}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function expectLimited(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.body.msg).toMatch(/Too many attempts/);
  expect(res.body.message).toBe(res.body.msg);
}

describe.each(testDatabases())('brute-force limits on %s', (kind) => {
  let server: TestServer;
  let victim: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      NC_AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      NC_TRUST_PROXY: 'true',
    });
    victim = await signUpUser(server.api, randomEmail('victim'), PASSWORD);
  });
  afterAll(async () => server?.close());

  const signin = (email: string, password: string, ip: string) =>
    server.api.post('/api/v1/auth/user/signin', { email, password }, from(ip));

  it('answers the 11th bad sign-in of a minute with 429 and Retry-After, even with the right password', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++) expect((await signin(victim.email, 'wrong-pass-1', ip)).status).toBe(400);
    expectLimited(await signin(victim.email, 'wrong-pass-1', ip));
    expectLimited(await signin(victim.email, PASSWORD, ip));
  });

  it('limits per account: guesses spread over many addresses still stop', async () => {
    const email = randomEmail('spread');
    await signUpUser(server.api, email);
    for (let i = 0; i < LIMIT; i++) expect((await signin(email, 'wrong-pass-1', newIp())).status).toBe(400);
    expectLimited(await signin(email, PASSWORD, newIp()));
  });

  it('limits per address: one address guessing many accounts stops', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++)
      expect((await signin(randomEmail(), 'wrong-pass-1', ip)).status).toBe(400);
    expectLimited(await signin(randomEmail(), 'wrong-pass-1', ip));
    // Another address is not affected.
    const fresh = await signUpUser(server.api, randomEmail('fresh'));
    expect((await signin(fresh.email, PASSWORD, newIp())).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const email = randomEmail('happy');
    await signUpUser(server.api, email);
    const ip = newIp();
    for (let i = 0; i < LIMIT + 2; i++) expect((await signin(email, PASSWORD, ip)).status).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await server.api.post(
        '/api/v1/auth/user/signup',
        { email: randomEmail(), password: PASSWORD },
        from(ip),
      );
      expect(res.status).toBe(200);
    }
    expectLimited(
      await server.api.post(
        '/api/v1/auth/user/signup',
        { email: randomEmail(), password: PASSWORD },
        from(ip),
      ),
    );
  });

  it('limits forgot-password per account and per address', async () => {
    const forgot = (email: string, ip: string) =>
      server.api.post('/api/v1/auth/password/forgot', { email }, from(ip));
    for (let i = 0; i < LIMIT; i++) expect((await forgot(victim.email, newIp())).status).toBe(200);
    expectLimited(await forgot(victim.email, newIp()));
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++) expect((await forgot(randomEmail(), ip)).status).toBe(200);
    expectLimited(await forgot(randomEmail(), ip));
  });
});

describe.each(testDatabases())('brute-force limits turned off on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      NC_AUTH_RATE_LIMIT_PER_MINUTE: '2',
      NC_DISABLE_RATE_LIMIT: 'true',
    });
  });
  afterAll(async () => server?.close());

  it('lets every attempt through when NC_DISABLE_RATE_LIMIT is true', async () => {
    const user = await signUpUser(server.api, randomEmail());
    for (let i = 0; i < 5; i++) {
      const res = await server.api.post('/api/v1/auth/user/signin', {
        email: user.email,
        password: 'wrong-pass-1',
      });
      expect(res.status).toBe(400);
    }
  });
});
