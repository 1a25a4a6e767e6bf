/** Counts calls in flight so the shell can show a loading indicator while any request runs (docs/behaviour/auth.md). */
import { useSyncExternalStore } from 'react';

let inFlight = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function trackRequest<T>(work: Promise<T>): Promise<T> {
  inFlight += 1;
  emit();
  return work.finally(() => {
    inFlight -= 1;
    emit();
  });
}

export function useRequestsInFlight(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inFlight,
  );
}
