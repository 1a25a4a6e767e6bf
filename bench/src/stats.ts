/** Small statistics helpers for benchmarks: run a function many times and report medians. */

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Times `fn` `runs` times after `warmup` untimed runs; returns the per-run milliseconds. */
export async function timeRuns(fn: () => Promise<unknown>, runs = 50, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

export function report(name: string, ms: number[]): void {
  console.log(
    `${name.padEnd(48)} p50 ${median(ms).toFixed(2)} ms   p95 ${percentile(ms, 95).toFixed(2)} ms   n=${ms.length}`,
  );
}
