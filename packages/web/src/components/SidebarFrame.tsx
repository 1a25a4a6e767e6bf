/** The frame of every page that has a sidebar: a fixed-width aside with the logo, content and user footer. */
import type { ReactNode } from 'react';
import { LanguagePicker } from './LanguagePicker';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

export function SidebarFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <aside
        className="flex w-64 shrink-0 flex-col border-e border-gray-200 bg-gray-50 max-md:w-52"
        data-testid="sidebar"
      >
        <div className="border-b border-gray-200 px-4 py-3">
          <Logo />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto py-2">{sidebar}</div>
        <div className="flex flex-col gap-2 border-t border-gray-200 px-3 py-3">
          <UserMenu />
          <LanguagePicker className="w-full" />
        </div>
      </aside>
      <main className="min-w-0 flex-1">{children}</main>
    </div>
  );
}
