import { useSelector } from '@xstate/react';
import { LogOut, Menu as MenuIcon, Search, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { NavSection } from '../../machines/shell/navigation.machine';
import { isSearchBarOpen, isSidebarOpen } from '../../machines/shell/navigation.connect';
import { Brand } from '../shell/Brand';
import { INLINE_SEARCH_BOX } from '../shell/searchBoxPlace';
import { deferred } from '../overlays/Deferred';
import { IconButton } from '../ui/IconButton';
import { MainNav } from '../shell/MainNav';
import { SettingsMenu } from '../shell/SettingsMenu';
import { ThemeToggle } from '../shell/ThemeToggle';
import { useUnreadCount } from '../notifications/useUnreadCount';
import { useChatUnreadCount } from '../chat/useChatUnreadCount';
import { useAbsolutePath, useHeaderHeight, useMediaQuery, useNavigationActor, useSessionProfile, WIDE_SCREEN } from './useShell';
import { useSignOut } from './useSignOut';

const MemberDrawer = deferred(() => import('./MemberDrawer').then((module) => module.MemberDrawer));
// The search box with its suggestions (machine, effects, list): on a phone fetched when the search
// is opened (or on the toggle's hover or focus); from 1024px, where the box sits in the header, as
// the page draws, its place held meanwhile (InlineSearchPlace).
const SearchBar = deferred(() => import('../shell/SearchBar').then((module) => module.SearchBar));

/**
 * The member shell of /app/social: a header (brand, search bar toggle, theme toggle, settings
 * menu), the main navigation as a sidebar from 1024px, and below that a bottom bar of five
 * labelled places (the last, More, opens the drawer) plus the drawer (the navigation machine's
 * sidebar) with every section and sign-out.
 */
export function MemberLayout({ children }: { children: ReactNode }) {
  const pathname = useAbsolutePath();
  const profile = useSessionProfile();
  const navigation = useNavigationActor();
  const sidebarOpen = useSelector(navigation, isSidebarOpen);
  const searchOpen = useSelector(navigation, isSearchBarOpen);
  const { signOut, dialog: signOutDialog } = useSignOut('/');
  const unread = useUnreadCount();
  const chatUnread = useChatUnreadCount();
  const header = useHeaderHeight();
  const select = (section: NavSection) => navigation?.send({ type: 'navigation.select', section });
  // From 1024px the sidebar is always there: a drawer left open on a phone that turned or
  // grew closes, so it cannot hide the page from assistive technology.
  const wide = useMediaQuery(WIDE_SCREEN);
  useEffect(() => {
    if (wide && sidebarOpen) navigation?.send({ type: 'sidebar.close' });
  }, [wide, sidebarOpen, navigation]);
  const [drawerUsed, setDrawerUsed] = useState(sidebarOpen);
  if (sidebarOpen && !drawerUsed) setDrawerUsed(true);

  return (
    <div className="min-h-dvh bg-neutral-50 text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 text-sm font-semibold text-neutral-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-neutral-900 dark:text-white"
      >
        Skip to content
      </a>
      <header
        ref={header}
        className="sticky top-0 z-40 border-b border-neutral-200 bg-white/85 backdrop-blur-md dark:border-neutral-800 dark:bg-neutral-950/85"
      >
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-1 px-2 sm:px-4">
          <IconButton
            label="Open menu"
            className="lg:hidden"
            aria-expanded={sidebarOpen}
            onHoverStart={MemberDrawer.preload}
            onFocus={MemberDrawer.preload}
            onPress={() => navigation?.send({ type: 'sidebar.toggle' })}
          >
            <MenuIcon size={22} />
          </IconButton>
          <Link href="~/app/social/streams" onClick={() => select('streams')} className="rounded-lg px-1 outline-none">
            <Brand size="sm" />
          </Link>
          <div className="flex-1" />
          {/* From 1024px the search box is always in the header; below, the toggle opens the bar (spec section 4). */}
          {wide ? (
            <InlineSearchPlace>
              <SearchBar variant="inline" onClose={() => navigation?.send({ type: 'searchBar.close' })} />
            </InlineSearchPlace>
          ) : (
            <IconButton
              label={searchOpen ? 'Close search' : 'Search'}
              aria-expanded={searchOpen}
              onHoverStart={SearchBar.preload}
              onFocus={SearchBar.preload}
              onPress={() => navigation?.send({ type: 'searchBar.toggle' })}
            >
              {searchOpen ? <X size={20} /> : <Search size={20} />}
            </IconButton>
          )}
          <ThemeToggle />
          <SettingsMenu profile={profile} />
        </div>
        {searchOpen && !wide ? <SearchBar onClose={() => navigation?.send({ type: 'searchBar.close' })} /> : null}
      </header>

      <div className="mx-auto flex max-w-7xl gap-6 px-0 sm:px-4">
        <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 flex-col justify-between py-6 lg:flex">
          <MainNav pathname={pathname} profile={profile} onSelect={select} unread={unread} chatUnread={chatUnread} />
          <SignOutButton onPress={signOut} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 pt-6 pb-24 outline-none lg:pb-10">
          {children}
        </main>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden dark:border-neutral-800 dark:bg-neutral-950/95">
        <MainNav
          pathname={pathname}
          profile={profile}
          onSelect={select}
          variant="bar"
          label="Sections"
          unread={unread}
          chatUnread={chatUnread}
          moreOpen={sidebarOpen}
          onMore={() => navigation?.send({ type: 'sidebar.toggle' })}
        />
      </div>

      {/* The drawer's code (react-aria's modal) waits for its first open; it stays drawn from then on. */}
      {drawerUsed ? (
        <MemberDrawer
          isOpen={sidebarOpen && !wide}
          onClose={() => navigation?.send({ type: 'sidebar.close' })}
          nav={<MainNav pathname={pathname} profile={profile} onSelect={select} unread={unread} chatUnread={chatUnread} />}
          signOut={<SignOutButton onPress={signOut} />}
        />
      ) : null}
      {signOutDialog}
    </div>
  );
}

/**
 * The header's search box from 1024px: its place (SearchBar's inline form's, INLINE_SEARCH_BOX) is
 * held while its code comes, so the theme toggle and settings menu beside it do not move.
 */
function InlineSearchPlace({ children }: { children: ReactNode }) {
  return <div className={`${INLINE_SEARCH_BOX} [&>form]:mx-0`}>{children}</div>;
}

export function SignOutButton({ onPress }: { onPress: () => void }) {
  return (
    <button
      type="button"
      onClick={onPress}
      className={
        'flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-medium text-neutral-700 outline-none transition-colors ' +
        'hover:bg-neutral-100 hover:text-neutral-900 ' +
        'dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white'
      }
    >
      <LogOut aria-hidden="true" size={20} />
      Sign out
    </button>
  );
}
