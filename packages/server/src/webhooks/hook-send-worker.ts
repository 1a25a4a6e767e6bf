/**
 * The webhook sender's thread: receives requests from the app thread, sends them (address guard, redirects,
 * timeout: hook-sender.ts) and answers with the response or the error. See docs/webhooks.md "Cost on the write
 * path".
 */
import { parentPort } from 'node:worker_threads';
import { HookSendError, sendHookRequest, type HookRequest } from './hook-sender.js';

parentPort?.on('message', (m: { id: number; req: HookRequest }) => {
  sendHookRequest(m.req).then(
    (res) => parentPort!.postMessage({ id: m.id, res }),
    (e: unknown) =>
      parentPort!.postMessage({
        id: m.id,
        error: {
          code: e instanceof HookSendError ? e.code : 'NETWORK',
          message: e instanceof Error ? e.message : String(e),
        },
      }),
  );
});
