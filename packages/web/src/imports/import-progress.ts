/** Progress arithmetic for the import wizard, kept free of the API client so it is tested without a browser. */

/** Rows done and total from the job's progress message ("Imported N of T rows"). */
export function rowsOfProgress(message: string | undefined): { done: number; total: number } | undefined {
  const m = /(\d+) of (\d+)/.exec(message ?? '');
  return m ? { done: Number(m[1]), total: Number(m[2]) } : undefined;
}

/** Rate (rows/s) and seconds left from rows done since the start. */
export function rateOf(
  done: number,
  total: number,
  elapsedMs: number,
): { rate: number; secondsLeft: number } {
  const rate = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  return { rate: Math.round(rate), secondsLeft: rate > 0 ? Math.ceil((total - done) / rate) : 0 };
}
