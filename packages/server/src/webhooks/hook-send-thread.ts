/**
 * Sends webhook requests from a thread of their own, so the HTTP work of deliveries (most of their cost) does
 * not hold up the app thread that answers row writes. The thread starts on the first request and stops when
 * idle; a thread that fails is replaced on the next request, and where no thread can start the request is
 * sent from the calling thread. See docs/webhooks.md "Cost on the write path".
 */
import { Worker } from 'node:worker_threads';
import { HookSendError, sendHookRequest, type HookRequest, type HookResponse } from './hook-sender.js';

type Answer = { id: number; res?: HookResponse; error?: { code: HookSendError['code']; message: string } };

/** Run from TypeScript sources (tests, tsx), the thread loads its entry through tsx. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(`./hook-send-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);
const SOURCE_LOADER = `import('tsx/esm/api').then((tsx) => (tsx.register(), import(require('node:worker_threads').workerData.entry)));`;

let worker: Worker | undefined;
let unavailable = false;
let nextId = 1;
const waiting = new Map<number, { resolve(r: HookResponse): void; reject(e: Error): void }>();

function failAll(message: string): void {
  for (const w of waiting.values()) w.reject(new HookSendError('NETWORK', message));
  waiting.clear();
}

function start(): Worker | undefined {
  if (worker || unavailable) return worker;
  try {
    const w = FROM_SOURCE
      ? new Worker(SOURCE_LOADER, { eval: true, workerData: { entry: ENTRY.href } })
      : new Worker(ENTRY);
    w.on('message', (a: Answer) => {
      const at = waiting.get(a.id);
      if (!at) return;
      waiting.delete(a.id);
      if (a.res) at.resolve(a.res);
      else at.reject(new HookSendError(a.error!.code, a.error!.message));
      if (!waiting.size) w.unref();
    });
    w.on('error', (e) => failAll(`The webhook sender stopped: ${e.message}`));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll('The webhook sender stopped');
    });
    worker = w;
  } catch {
    unavailable = true;
  }
  return worker;
}

/** Sends a webhook request on the sender thread (or here, when there is none). */
export function sendOffThread(req: HookRequest): Promise<HookResponse> {
  const w = start();
  if (!w) return sendHookRequest(req);
  const id = nextId++;
  return new Promise<HookResponse>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, req });
  });
}
