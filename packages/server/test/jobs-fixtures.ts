/** Test helpers for jobs: follow a job through `POST /jobs/listen` the way the web app's listener does. */
import type { TestServer } from './harness.js';

export interface JobMessage {
  _mid: number;
  status: 'update' | 'close' | 'refresh';
  data?: { id: string; status: string; data?: any };
}

/**
 * Listens (from `afterMid`) until the close message or the deadline; returns every message seen, in order.
 * @example const { messages, close } = await followJob(server, jobId, token);
 */
export async function followJob(
  server: TestServer,
  jobId: string,
  token: string,
  afterMid = 0,
  deadlineMs = 20_000,
): Promise<{ messages: JobMessage[]; close: JobMessage }> {
  const messages: JobMessage[] = [];
  let mid = afterMid;
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const res = await server.api.post('/jobs/listen', { _mid: mid, data: { id: jobId } }, { token });
    if (res.status !== 200) throw new Error(`listen answered ${res.status}: ${JSON.stringify(res.body)}`);
    const batch: JobMessage[] = Array.isArray(res.body) ? res.body : [res.body];
    for (const m of batch) {
      // Nothing new within the listen wait: poll on with the same id (a slow step is not a message).
      if (m.status === 'refresh') continue;
      messages.push(m);
      if (m._mid) mid = m._mid;
      if (m.status === 'close') return { messages, close: m };
    }
  }
  throw new Error(`job ${jobId} did not finish within ${deadlineMs} ms`);
}

/** The result of a job that must complete; throws with the job's error otherwise. */
export async function jobResult(server: TestServer, jobId: string, token: string): Promise<any> {
  const { close } = await followJob(server, jobId, token);
  if (close.data?.status !== 'completed') throw new Error(`job failed: ${JSON.stringify(close.data)}`);
  return close.data.data.result;
}
