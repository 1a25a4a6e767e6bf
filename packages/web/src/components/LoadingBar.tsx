/** A thin bar at the top of the page while any request runs (docs/behaviour/auth.md). */
import { useRequestsInFlight } from '../api/loading';

export function LoadingBar() {
  const busy = useRequestsInFlight() > 0;
  return (
    <div
      aria-hidden
      data-testid={busy ? 'loading' : undefined}
      className="fixed inset-x-0 top-0 z-[2000] h-0.5 transition-opacity"
      style={{ background: 'var(--rb-primary)', opacity: busy ? 1 : 0 }}
    />
  );
}
