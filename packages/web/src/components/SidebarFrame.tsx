/**
 * The frame of every page that has a sidebar: an aside with the logo, content and user footer beside the page.
 * The sidebar can be hidden to give the page the whole width. On a narrow screen (below the md breakpoint,
 * 768 px) it starts hidden and opens over the page rather than beside it, closing again on navigation or a tap
 * outside, so a phone is never left with half its width taken.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LanguagePicker } from './LanguagePicker';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

const NARROW_QUERY = '(max-width: 767.98px)';

function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const media = window.matchMedia(NARROW_QUERY);
      media.addEventListener('change', notify);
      return () => media.removeEventListener('change', notify);
    },
    () => window.matchMedia(NARROW_QUERY).matches,
  );
}

export function SidebarFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(!narrow);
  const { pathname, search } = useLocation();
  // Crossing the breakpoint resets to that width's default; on a phone a chosen page closes the overlay.
  useEffect(() => setOpen(!narrow), [narrow]);
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [pathname, search, narrow]);

  return (
    <div className="flex min-h-screen">
      {open && narrow && (
        <div
          className="fixed inset-0 z-40 bg-black/30"
          data-testid="sidebar-backdrop"
          onClick={() => setOpen(false)}
        />
      )}
      {open && (
        <aside
          className={`flex w-64 shrink-0 flex-col border-e border-gray-200 bg-gray-50 ${
            narrow ? 'fixed inset-y-0 start-0 z-50 max-w-[85vw] shadow-xl' : ''
          }`}
          data-testid="sidebar"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-4 py-3">
            <Logo />
            <button
              type="button"
              className="rounded px-1.5 text-gray-500 hover:bg-gray-200"
              aria-label={t('shell.hideSidebar')}
              data-testid="sidebar-hide"
              onClick={() => setOpen(false)}
            >
              <span className="inline-block rtl:-scale-x-100">«</span>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto py-2">{sidebar}</div>
          <div className="flex flex-col gap-2 border-t border-gray-200 px-3 py-3">
            <UserMenu />
            <LanguagePicker className="w-full" />
          </div>
        </aside>
      )}
      <main className="min-w-0 flex-1">
        {!open && (
          <div className="flex items-center border-b border-gray-200 px-2 py-1">
            <button
              type="button"
              className="rounded px-2 py-0.5 text-lg leading-none text-gray-600 hover:bg-gray-100"
              aria-label={t('shell.showSidebar')}
              data-testid="sidebar-show"
              onClick={() => setOpen(true)}
            >
              ☰
            </button>
          </div>
        )}
        {children}
      </main>
    </div>
  );
}
