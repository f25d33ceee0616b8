/** The tab's title's words (pageTitles.ts holds every route's), apart so the light sign-in page names its tab without the table. */
export const APP_NAME = 'Stoa';

/** The name of '/' in the tab. */
export const SIGN_IN_PAGE_NAME = 'Sign in';

/** The tab's title: "(3) Notifications · Stoa"; no count when nothing is unread. */
export function titled(name: string, unread = 0): string {
  const count = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ` : '';
  return `${count}${name} · ${APP_NAME}`;
}
