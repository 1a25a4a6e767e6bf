/**
 * The delivery thread's entry: builds the payloads of URL hook deliveries and sends them (address guard,
 * redirects, timeout, retries) on an event loop of its own, so the app thread that answers writes only hands
 * deliveries over. See docs/webhooks.md "Cost on the write path".
 */
import { parentPort } from 'node:worker_threads';
import { deliveryLanes, type ToSender } from './delivery-lanes.js';

const port = parentPort!;
const handle = deliveryLanes((m) => port.postMessage(m));
port.on('message', (m: ToSender) => handle(m));
