/**
 * The benchmark server in a process of its own, so the load generator does not share its CPU and the RSS
 * it reports is the server's alone. The parent talks to it over IPC: it sends { url } once listening,
 * answers 'rss' with { rss }, 'cpu' with { cpu } (milliseconds used so far) and stops on 'close'.
 */
import { startBenchServer } from './server.js';

const server = await startBenchServer();
process.send?.({ url: server.url });
process.on('message', async (msg) => {
  if (msg === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (msg === 'cpu') {
    const c = process.cpuUsage();
    process.send?.({ cpu: (c.user + c.system) / 1000 });
  }
  if (msg === 'indexes') {
    await server.ctx.dataCache.indexes.settled();
    process.send?.({ indexes: true });
  }
  if (msg === 'close') {
    await server.close();
    process.exit(0);
  }
});
