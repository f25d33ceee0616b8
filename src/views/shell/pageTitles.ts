/**
 * What the browser tab says on each route: one table for the whole app (the routes of AppRoutes,
 * MemberArea and AdminArea), read by one hook (`DocumentTitle`). The page's name comes first,
 * then 'Stoa'; a member's unread notifications count goes before everything: "(3) Notifications
 * · Stoa". A route that is not in the table is the 404 page.
 */
import { topicLabel, topicNamed } from '../../api/posts/topics';
import { SIGN_IN_PAGE_NAME, titled } from './titleWords';

export { APP_NAME } from './titleWords';

type Title = string | ((params: Record<string, string>, query: URLSearchParams) => string);

const named =
  (then: string) =>
  (name: string | null): string =>
    name ? `${name} · ${then}` : then;
const chat = named('Chat');
const search = named('Search');
const topic = named('Topic');

/** Route pattern (`:name` is one segment, matched without regard to case as wouter does) → title. */
export const ROUTE_TITLES: ReadonlyArray<readonly [pattern: string, title: Title]> = [
  ['/', SIGN_IN_PAGE_NAME],
  ['/forgot-password', 'Reset Password'],
  ['/reset-password', 'Create New Password'],
  ['/checkpoint', 'Checkpoint'],
  ['/issua', 'Appeal your ban'],
  ['/aarovel', 'Your appeal'],
  ['/admin/signin', 'Admin sign in'],
  ['/admin/signup', 'Create an admin account'],
  ['/app/social', 'Streams'],
  ['/app/social/streams', 'Streams'],
  ['/app/social/questions', 'Questions'],
  ['/app/social/question/:questionId', 'Question'],
  ['/app/social/post/:postId', 'Post'],
  ['/app/social/search', (_, query) => search(query.get('q')?.trim() || null)],
  ['/app/social/save', 'Saved'],
  ['/app/social/chat/messages', (_, query) => chat(query.get('username'))],
  ['/app/social/people', 'People'],
  ['/app/social/photos', 'Photos'],
  ['/app/social/videos', 'Videos'],
  [
    '/app/social/topic/:topic',
    ({ topic: name }) => {
      const named = topicNamed(name);
      return topic(named ? topicLabel(named) : null);
    },
  ],
  ['/app/social/notifications', 'Notifications'],
  ['/app/social/group/:groupId', 'Group'],
  ['/app/social/groups', 'Groups'],
  ['/app/social/create-group', 'Create New Group'],
  ['/app/social/profile/:username', ({ username }) => username],
  ['/app/social/profile', 'Profile'],
  ['/app/social/setting/:username', 'Settings'],
  ['/admin', 'Dashboard · Admin'],
  ['/admin/user', 'Users · Admin'],
  ['/admin/members/:id', 'Member · Admin'],
  ['/admin/reportuser', 'Reported users · Admin'],
  ['/admin/banuser', 'Banned users · Admin'],
  ['/admin/appeal', 'Appeals · Admin'],
  ['/admin/reportpost', 'Reported posts · Admin'],
  ['/admin/hidepost', 'Hidden posts · Admin'],
  ['/admin/audit', 'Audit log · Admin'],
  ['/admin/deletions', 'Scheduled deletions · Admin'],
  ['/admin/Posts', 'Posts chart · Admin'],
  ['/admin/Users', 'Users chart · Admin'],
  ['/admin/profile', 'Profile · Admin'],
];

export const NOT_FOUND_TITLE = 'Page not found';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The pattern's parameters when `path` matches it (a trailing slash allowed), else null. */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decode(have[i]);
    else if (part.toLowerCase() !== have[i].toLowerCase()) return null;
  }
  return params;
}

/** The page's own name for an absolute path and its query string. */
export function pageName(pathname: string, search = ''): string {
  const query = new URLSearchParams(search);
  for (const [pattern, title] of ROUTE_TITLES) {
    const params = match(pattern, pathname);
    if (params) return typeof title === 'string' ? title : title(params, query);
  }
  return NOT_FOUND_TITLE;
}

/** The tab's title: "(3) Notifications · Stoa"; no count when nothing is unread. */
export function documentTitle(pathname: string, search: string, unread: number): string {
  return titled(pageName(pathname, search), unread);
}
