/**
 * The layouts docs/behaviour/web-app.md names. `base` wraps every route except the shared pages: a header (unless the route
 * hides it) over the page. `shared-view` is the bare frame of public shared pages. The other names are kept
 * for routes of later issues and share these frames.
 */
import type { ComponentType, ReactNode } from 'react';
import { LanguagePicker } from '../../components/LanguagePicker';
import { Logo } from '../../components/Logo';
import { UserMenu } from '../../components/UserMenu';
import type { LayoutName, RouteFlags } from '../route-flags';

interface LayoutProps {
  flags: RouteFlags;
  children: ReactNode;
}

function Header() {
  return (
    <header
      className="flex h-12 items-center justify-between gap-4 border-b border-gray-200 px-4"
      data-testid="header"
    >
      <Logo />
      <div className="flex items-center gap-3">
        <UserMenu />
        <LanguagePicker />
      </div>
    </header>
  );
}

function BaseLayout({ flags, children }: LayoutProps) {
  return (
    <div className="min-h-screen bg-white" data-layout="base">
      {!flags.hideHeader && <Header />}
      {children}
    </div>
  );
}

function EmptyLayout({ children }: LayoutProps) {
  return <div data-layout="empty">{children}</div>;
}

function SharedViewLayout({ children }: LayoutProps) {
  return (
    <div className="min-h-screen bg-gray-50" data-layout="shared-view">
      <header className="flex h-12 items-center justify-between border-b border-gray-200 bg-white px-4">
        <Logo />
        <LanguagePicker />
      </header>
      <div className="p-4">{children}</div>
    </div>
  );
}

export const LAYOUT_COMPONENTS: Record<LayoutName, ComponentType<LayoutProps>> = {
  base: BaseLayout,
  default: BaseLayout,
  general: BaseLayout,
  dashboard: BaseLayout,
  new: BaseLayout,
  empty: EmptyLayout,
  'shared-view': SharedViewLayout,
};
