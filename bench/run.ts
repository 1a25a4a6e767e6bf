/**
 * `npm run bench`: starts Rowbase in-process on a fresh embedded SQLite store and prints medians.
 * Each suite lives in src/suites/*.ts and is listed here.
 */
import { startBenchServer } from './src/server.js';
import { report, timeRuns } from './src/stats.js';

const server = await startBenchServer();
try {
  const signup = await fetch(`${server.url}/api/v1/auth/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'Password123!' }),
  });
  const { token } = (await signup.json()) as { token: string };
  report(
    'GET /api/v1/auth/user/me',
    await timeRuns(
      () =>
        fetch(`${server.url}/api/v1/auth/user/me`, { headers: { 'xc-auth': token } }).then((r) => r.text()),
      200,
    ),
  );
} finally {
  await server.close();
}
