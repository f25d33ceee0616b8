import {
  Bell,
  Bookmark,
  Clapperboard,
  Ellipsis,
  Images,
  MessageCircleQuestionMark,
  MessagesSquare,
  Newspaper,
  UserRound,
  UserRoundSearch,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '../../api/auth';
import { shortenNumber } from '../../api/numbers';
import type { NavSection } from '../../machines/shell/navigation.machine';

export interface NavItem {
  name: string;
  url: string;
  icon: LucideIcon;
  section: NavSection;
}

/**
 * The main navigation, in the spec's order (section 2), then Photos and Videos (spec child
 * routes, reachable from the navigation) and the notifications inbox (ours).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { name: 'Streams', url: '/app/social/streams', icon: Newspaper, section: 'streams' },
  { name: 'Questions', url: '/app/social/questions', icon: MessageCircleQuestionMark, section: 'questions' },
  { name: 'Chat', url: '/app/social/chat/messages', icon: MessagesSquare, section: 'chat' },
  { name: 'Group', url: '/app/social/groups', icon: UsersRound, section: 'group' },
  { name: 'People', url: '/app/social/people', icon: UserRoundSearch, section: 'people' },
  { name: 'Profile', url: '/app/social/profile', icon: UserRound, section: 'profile' },
  { name: 'Save', url: '/app/social/save', icon: Bookmark, section: 'save' },
  { name: 'Photos', url: '/app/social/photos', icon: Images, section: 'photos' },
  { name: 'Videos', url: '/app/social/videos', icon: Clapperboard, section: 'videos' },
  { name: 'Notifications', url: '/app/social/notifications', icon: Bell, section: 'notifications' },
];

/**
 * The phone's bottom bar: at most five labelled places, the four most used sections and 'More'
 * (the drawer, which holds the whole list). Profile also sits in the header's settings menu.
 */
export const BAR_SECTIONS: readonly NavSection[] = ['streams', 'questions', 'chat', 'notifications'];

const MEMBER_BASE = '/app/social';

/** Pages that belong to a section without its name in their path: one post (Streams), one question (Questions). */
const SECTION_OF_PAGE: Readonly<Record<string, NavSection>> = { post: 'streams', question: 'questions' };

/**
 * The active item: the one whose lowercased name appears in the current path (spec). The
 * path is read from its section segment (the one after /app/social), so a username or an id
 * further on ('/profile/streamsfan', '/post/chat-tips') never lights up a second item. A post
 * lights Streams and a question Questions (their lists). Profile is one's own: another member's
 * profile lights nothing (`ownUsername`, the signed-in member's; unknown, only the bare /profile).
 */
export function activeNavItem(pathname: string, ownUsername?: string | null): NavItem | undefined {
  const path = pathname.split(/[?#]/)[0];
  const lower = path.toLowerCase();
  const rest = lower.startsWith(`${MEMBER_BASE}/`) ? path.slice(MEMBER_BASE.length + 1) : path.replace(/^\//, '');
  const [first, owner] = rest.split('/');
  const section = first.toLowerCase();
  if (!section) return undefined;
  const of = SECTION_OF_PAGE[section];
  const item = of ? NAV_ITEMS.find((i) => i.section === of) : NAV_ITEMS.find((i) => section.includes(i.name.toLowerCase()));
  if (item?.section === 'profile' && owner && !isOwn(owner, ownUsername)) return undefined;
  return item;
}

function isOwn(segment: string, ownUsername: string | null | undefined): boolean {
  if (!ownUsername) return false;
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // a malformed escape is nobody's name
  }
  return name.toLowerCase() === ownUsername.toLowerCase();
}

/** Profile: the profile url plus the username, with the query id (user _id) and uId (authId). */
export function profileHref(profile: Pick<User, '_id' | 'authId' | 'username'> | null): string {
  if (!profile) return `${MEMBER_BASE}/profile`;
  const query = new URLSearchParams({ id: profile._id, uId: profile.authId });
  return `${MEMBER_BASE}/profile/${encodeURIComponent(profile.username)}?${query}`;
}

export function navHref(item: NavItem, profile: Pick<User, '_id' | 'authId' | 'username'> | null): string {
  return item.section === 'profile' ? profileHref(profile) : item.url;
}

// The unread counts of Chat and Notifications: a pill at the end of the row, or on the icon in the bottom bar.
const LIST_COUNT = 'ml-auto rounded-full bg-accent-strong px-2 py-0.5 text-xs font-semibold text-white';
const BAR_COUNT =
  'absolute top-1 left-1/2 ml-1 min-w-[1.125rem] rounded-full bg-accent-strong px-1 text-center text-[11px] leading-[1.125rem] font-semibold text-white';

export interface MainNavProps {
  /** The current absolute path. */
  pathname: string;
  profile: Pick<User, '_id' | 'authId' | 'username'> | null;
  /** Called before the route changes (the navigation machine's `navigation.select`). */
  onSelect: (section: NavSection) => void;
  /** 'list': the sidebar and drawer, every item; 'bar': the phone's bottom bar (BAR_SECTIONS and More). */
  variant?: 'list' | 'bar';
  /** The bar's 'More' button: opens the drawer (the navigation machine's sidebar). */
  onMore?: () => void;
  /** Whether the drawer is open (the More button's aria-expanded). */
  moreOpen?: boolean;
  label?: string;
  /** Unread notifications, shown on the Notifications item (shortened: 1.2K). */
  unread?: number;
  /** Conversations with something unread, shown on the Chat item. */
  chatUnread?: number;
}

const BAR_ITEM = 'h-14 w-full flex-col justify-center gap-0.5 text-[11px] leading-none font-medium ';
const IDLE =
  'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white';
const BAR_CURRENT = 'font-semibold text-accent-strong dark:text-accent';

export function MainNav({
  pathname,
  profile,
  onSelect,
  variant = 'list',
  label = 'Main',
  unread = 0,
  chatUnread = 0,
  onMore,
  moreOpen = false,
}: MainNavProps) {
  const active = activeNavItem(pathname, profile?.username);
  const bar = variant === 'bar';
  const items = bar ? NAV_ITEMS.filter((item) => BAR_SECTIONS.includes(item.section)) : NAV_ITEMS;
  // A section that lives in the drawer lights 'More', so the bar always says where you are.
  const inDrawer = bar && active !== undefined && !BAR_SECTIONS.includes(active.section);
  return (
    <nav aria-label={label}>
      <ul className={bar ? 'grid grid-cols-5' : 'flex flex-col gap-1'}>
        {items.map((item) => {
          const current = item === active;
          const Icon = item.icon;
          const itemUnread = item.section === 'notifications' ? unread : item.section === 'chat' ? chatUnread : 0;
          const count = itemUnread > 0 ? String(shortenNumber(itemUnread)) : null;
          return (
            <li key={item.name}>
              <Link
                href={`~${navHref(item, profile)}`}
                aria-current={current ? 'page' : undefined}
                onClick={() => onSelect(item.section)}
                className={
                  'group relative flex items-center rounded-xl outline-none transition-colors ' +
                  (bar ? BAR_ITEM : 'gap-3 px-3 py-2.5 text-[15px] font-medium ') +
                  (current
                    ? bar
                      ? BAR_CURRENT
                      : 'bg-accent-soft font-semibold text-accent-ink dark:bg-accent/15 dark:text-accent-ink-dark'
                    : IDLE)
                }
              >
                <Icon aria-hidden="true" size={bar ? 22 : 20} strokeWidth={current ? 2.4 : 2} className="shrink-0" />
                <span>{item.name}</span>
                {count ? (
                  <>
                    {' '}
                    <span className={bar ? BAR_COUNT : LIST_COUNT}>
                      {count} <span className="sr-only">unread</span>
                    </span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
        {bar ? (
          <li>
            <button
              type="button"
              aria-expanded={moreOpen}
              aria-haspopup="dialog"
              onClick={onMore}
              className={
                'flex cursor-pointer items-center rounded-xl outline-none transition-colors ' + BAR_ITEM + (inDrawer ? BAR_CURRENT : IDLE)
              }
            >
              <Ellipsis aria-hidden="true" size={22} strokeWidth={inDrawer ? 2.4 : 2} className="shrink-0" />
              <span>More</span>
              {inDrawer ? <span className="sr-only">, current: {active?.name}</span> : null}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
