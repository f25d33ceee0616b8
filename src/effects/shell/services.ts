import { fromCallback } from 'xstate';
import type { OutboxActorRef } from '../../machines/offline/outbox.machine';
import type { ServiceLogic } from '../../machines/shell/app.machine';
import { streamsBus } from './bus';
import { socketLogic } from './socket';
import { noticesLogic } from './notices';
import { banWatchLogic } from '../session/banWatch';
import { sessionEndWatchLogic } from '../session/sessionEndWatch';
import { unreadBadgeLogic } from './unreadBadge';
import { privateChatCacheLogic } from '../chat/privateChatCache';
import { chatBadgeLogic } from '../chat/chatBadge';
import { outboxLogic, publishSent, tellPendingSent } from '../offline/outbox';

/**
 * What the outbox sends of the member's posts and questions reaches the lists on screen; a group
 * post sent for review says so, as the composer does.
 */
const outboxSentLogic = fromCallback(({ system }) => {
  const outbox = system.get('outbox') as OutboxActorRef | undefined;
  if (!outbox) return;
  const stopPublishing = publishSent(outbox, (post) => streamsBus.publish({ event: 'published', post }));
  const stopTelling = tellPendingSent(outbox, (toast) => system.get('toasts')?.send({ type: 'toasts.show', toast }));
  return () => {
    stopPublishing();
    stopTelling();
  };
});

/**
 * The signed-in member's services with their effects (the app machine's SERVICE_IDS): a chunk of
 * their own, loaded by the app when the session signs in (src/effects/shell/app.ts), so the
 * sign-in page carries none of them, nor the API calls they make (docs/client-shell.md, "Weight").
 */
export const services: ServiceLogic = {
  outbox: outboxLogic(),
  outboxSent: outboxSentLogic,
  socket: socketLogic(),
  unreadBadge: unreadBadgeLogic(),
  chatBadge: chatBadgeLogic(),
  privateChatCache: privateChatCacheLogic(),
  notices: noticesLogic(),
  banWatch: banWatchLogic(),
  sessionEndWatch: sessionEndWatchLogic(),
};
