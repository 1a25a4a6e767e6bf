import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { pagePath } from './page-path';
import { emitTelemetry } from './socket';

/** Emits a 'page' message after each route change where the path or the type query changed. */
export function usePageEvents(): void {
  const { pathname, search } = useLocation();
  const params = useParams();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const path = pagePath(pathname, params, search);
    const key = `${pathname}|${new URLSearchParams(search).get('type') ?? ''}`;
    if (key === last.current) return;
    last.current = key;
    emitTelemetry('page', { path, pid: params.baseId });
  }, [pathname, search, params]);
}

/** For tracked clicks and explicit calls: an 'event' message. */
export function trackEvent(event: string, data?: unknown, extra?: unknown): void {
  const hashPath = location.hash.replace(/^#/, '') || '/';
  emitTelemetry('event', { event, data, extra, path: hashPath });
}
