/** A step of a benchmark timed with the server's CPU and peak RSS (imports and exports suites). */
import type { ServerProcess } from './server-process.js';

/**
 * Samples the server's RSS every 100 ms while `fn` runs; returns its result, the seconds taken, the server's CPU
 * seconds (on a busy machine wall time says little), the peak RSS and the RSS the step started from (what
 * earlier steps left behind).
 */
export async function measured<T>(server: ServerProcess, fn: () => Promise<T>) {
  const startRss = await server.rss();
  let peak = startRss;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await server.rss());
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const start = performance.now();
  const cpuBefore = await server.cpuMs();
  const mainBefore = await server.mainCpuMs();
  try {
    const value = await fn();
    const seconds = (performance.now() - start) / 1000;
    const cpuSeconds = ((await server.cpuMs()) - cpuBefore) / 1000;
    const mainAfter = await server.mainCpuMs();
    // The event-loop thread's share: an import reads its file on a worker thread.
    const mainCpuSeconds =
      mainBefore === undefined || mainAfter === undefined ? undefined : (mainAfter - mainBefore) / 1000;
    return {
      value,
      seconds,
      cpuSeconds,
      mainCpuSeconds,
      peakMb: peak / 1024 / 1024,
      startMb: startRss / 1024 / 1024,
    };
  } finally {
    running = false;
    await sampler;
  }
}
