import {
  Ban,
  ChartColumn,
  ChartLine,
  EyeOff,
  Flag,
  History,
  LayoutDashboard,
  LogOut,
  Scale,
  ShieldAlert,
  UserRound,
  UserX,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../shell/Brand';
import { ThemeToggle } from '../shell/ThemeToggle';
import { useAbsolutePath, useHeaderHeight } from './useShell';
import { useSignOut } from './useSignOut';

interface AdminNavItem {
  name: string;
  /** Absolute path; the routes are the children of /admin in AdminArea.tsx. */
  url: string;
  icon: LucideIcon;
}

export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { name: 'Dashboard', url: '/admin', icon: LayoutDashboard },
  { name: 'Users', url: '/admin/user', icon: UsersRound },
  { name: 'Reported users', url: '/admin/reportuser', icon: ShieldAlert },
  { name: 'Banned users', url: '/admin/banuser', icon: Ban },
  { name: 'Appeals', url: '/admin/appeal', icon: Scale },
  { name: 'Reported posts', url: '/admin/reportpost', icon: Flag },
  { name: 'Hidden posts', url: '/admin/hidepost', icon: EyeOff },
  { name: 'Audit log', url: '/admin/audit', icon: History },
  { name: 'Scheduled deletions', url: '/admin/deletions', icon: UserX },
  { name: 'Posts chart', url: '/admin/Posts', icon: ChartColumn },
  { name: 'Users chart', url: '/admin/Users', icon: ChartLine },
  { name: 'Profile', url: '/admin/profile', icon: UserRound },
];

/**
 * The item of the current path: paths match exactly (the charts differ from lists only by case);
 * a member's admin page (/admin/members/:id) sits under Users.
 */
export function activeAdminItem(pathname: string): AdminNavItem | undefined {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  const section = path.startsWith('/admin/members/') ? '/admin/user' : path;
  return ADMIN_NAV_ITEMS.find((item) => item.url === section);
}

/**
 * The admin shell of /admin: brand, the admin sections (a sidebar from 1024px, a scrolling
 * strip under the header below), theme toggle and sign-out (back to /admin/signin).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const pathname = useAbsolutePath();
  const active = activeAdminItem(pathname);
  const { signOut, dialog: signOutDialog } = useSignOut('/admin/signin');
  const header = useHeaderHeight();

  const nav = (variant: 'side' | 'strip') => (
    <nav aria-label="Admin">
      <ul className={variant === 'side' ? 'flex flex-col gap-1' : 'flex gap-1 overflow-x-auto px-2 pb-2 [scrollbar-width:none]'}>
        {ADMIN_NAV_ITEMS.map((item) => {
          const current = item === active;
          const Icon = item.icon;
          return (
            <li key={item.url} className="shrink-0">
              <Link
                href={`~${item.url}`}
                aria-current={current ? 'page' : undefined}
                className={
                  'flex items-center gap-3 rounded-xl font-medium outline-none transition-colors ' +
                  (variant === 'side' ? 'px-3 py-2 text-[15px] ' : 'px-3 py-1.5 text-sm whitespace-nowrap ') +
                  (current
                    ? 'bg-accent-soft font-semibold text-accent-ink dark:bg-accent/15 dark:text-accent-ink-dark'
                    : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white')
                }
              >
                <Icon aria-hidden="true" size={variant === 'side' ? 20 : 16} className="shrink-0" />
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );

  return (
    <div className="min-h-dvh bg-neutral-50 text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
      <header
        ref={header}
        className="sticky top-0 z-40 border-b border-neutral-200 bg-white/85 backdrop-blur-md dark:border-neutral-800 dark:bg-neutral-950/85"
      >
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-4">
          <Link href="~/admin" className="flex items-center gap-2 rounded-lg px-1 outline-none">
            <Brand size="sm" />
            <span className="rounded-full bg-neutral-900 px-2 py-0.5 text-xs font-semibold text-white dark:bg-white dark:text-neutral-900">
              Admin
            </span>
          </Link>
          <div className="flex-1" />
          <ThemeToggle />
          <button
            type="button"
            onClick={signOut}
            className={
              'inline-flex h-10 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-semibold text-neutral-700 outline-none transition-colors ' +
              'hover:bg-neutral-100 ' +
              'dark:text-neutral-200 dark:hover:bg-neutral-800'
            }
          >
            <LogOut aria-hidden="true" size={18} />
            Sign out
          </button>
        </div>
        <div className="lg:hidden">{nav('strip')}</div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-6 sm:px-4">
        <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto py-6 lg:block">{nav('side')}</aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6">
          {children}
        </main>
      </div>
      {signOutDialog}
    </div>
  );
}
