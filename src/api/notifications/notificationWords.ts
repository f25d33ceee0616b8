import type { Notification, NotificationKind } from './schemas';

/**
 * What notifications say in the member's words. Apart from the schemas in ./notifications: the
 * app shell toasts a new arrival on every page, and a value import from there would bring zod
 * into the first load.
 */

/** "ben", "ben and ada", "ben and 3 others": the newest actor first. */
export function actorsPhrase(notification: Pick<Notification, 'actors' | 'actorCount'>): string {
  const [first, second] = notification.actors;
  if (!first) return 'Someone';
  if (notification.actorCount <= 1) return first.username;
  if (notification.actorCount === 2 && second) return `${first.username} and ${second.username}`;
  const others = notification.actorCount - 1;
  return `${first.username} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** What an entry says, in the member's words (the inbox row, and the toast of a new one). */
export function notificationText(notification: Pick<Notification, 'kind' | 'target' | 'actors' | 'actorCount' | 'detail'>): string {
  const who = actorsPhrase(notification);
  const thing = notification.target.type === 'question' ? 'question' : 'post';
  const name = notification.target.label;
  switch (notification.kind) {
    case 'follow':
      return `${who} started following you`;
    case 'reaction':
      return `${who} reacted to your ${thing}`;
    case 'comment':
      return `${who} commented on your ${thing}`;
    case 'answer':
      return `${who} answered your question`;
    case 'answerAccepted':
      return `${who} accepted your answer`;
    case 'mention':
      return `${who} mentioned you in a ${thing}`;
    case 'groupInvite':
      return `${who} invited you to join ${name || 'a group'}`;
    case 'groupChatInvite':
      return `${who} invited you to the group chat ${name || ''}`.trimEnd();
    case 'joinRequest':
      return `${who} asked to join ${name || 'your group'}`;
    case 'joinApproved':
      return `Your request to join ${name || 'the group'} was approved`;
    case 'joinDeclined':
      return `Your request to join ${name || 'the group'} was declined`;
    case 'groupPostApproved':
      return 'Your group post was approved';
    case 'groupPostDeclined':
      return 'Your group post was declined';
    case 'reportResolved':
      return `Your report about a ${notification.detail || 'post'} was reviewed and action was taken`;
    case 'reportDismissed':
      return `Your report about a ${notification.detail || 'post'} was reviewed: no action was needed`;
    case 'appealApproved':
      return 'Your appeal was approved: your account is active again';
    case 'appealRejected':
      return 'Your appeal was reviewed and rejected';
    case 'banned':
      return notification.detail ? `Your account was banned: ${notification.detail}` : 'Your account was banned';
    case 'unbanned':
      return 'Your ban was lifted: your account is active again';
    case 'dataExportReady':
      return 'Your data is ready to download in Settings, Your data';
  }
}

/** The toast of a new arrival: about the newest actor alone ("ben reacted to your post"). */
export const arrivalText = (notification: Notification): string =>
  notificationText({ ...notification, actors: notification.actors.slice(0, 1), actorCount: Math.min(notification.actorCount, 1) });

/**
 * The inbox kinds that raise a live toast: what needs the member now (someone followed or mentioned
 * them; a moderator decided about them or their report). Everything else (reactions, comments,
 * answers, invitations, group decisions) reaches the inbox and its badge only: one toast per reaction
 * made a lively post raise three at once. Here, not beside the schemas: the app's entry reads it,
 * and a value import of a schema module would bring zod into the entry (tests/debugChunks.test.ts).
 */
export const TOASTED_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'follow',
  'mention',
  'reportResolved',
  'reportDismissed',
  'appealApproved',
  'appealRejected',
  'banned',
  'unbanned',
  'dataExportReady',
]);
