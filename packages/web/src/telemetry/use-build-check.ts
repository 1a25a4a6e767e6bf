/**
 * Checks hourly whether a new build was deployed (docs/behaviour/web-app.md, docs/behaviour/limits.md): the app's index.html names its entry chunk;
 * when the served one differs from the running one, the user is told once that a new version is available.
 */
import { notification } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The entry script named by an index.html. */
export function entryScriptOf(html: string): string | null {
  const match = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html);
  return match?.[1] ?? null;
}

export function useBuildCheck(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const running = document
      .querySelector<HTMLScriptElement>('script[type="module"][src]')
      ?.getAttribute('src');
    if (!running) return;
    let told = false;
    const check = async () => {
      try {
        const res = await fetch('./index.html', { cache: 'no-store' });
        const served = res.ok ? entryScriptOf(await res.text()) : null;
        if (served && served !== running && !told) {
          told = true;
          notification.info({ title: t('msg.newVersion'), duration: 0 });
        }
      } catch {
        /* offline: try again next hour */
      }
    };
    const timer = setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [t]);
}
