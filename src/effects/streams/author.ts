import { fromPromise } from 'xstate';
import { authorMachine } from '../../machines/streams/post/author.machine';
import { reportLogic } from '../moderation/report';
import { bridgeActions } from '../shell/bridge';
import { clientOf } from '../shell/api';
import { createUsersApi } from '../../api/users/client';
import { createModerationApi } from '../../api/moderation/client';
import type { StreamsLogic } from './streams';

/**
 * The author machine of a card's '…' menu with its real effects, built from the streams' `bound`
 * (the same app and bus as the list around it, and its `authorApi` when the list was given one: a
 * test's; else the menu's own client, so the users' and moderation clients come with the menu's
 * chunk, not with the list) by the menu's own chunk
 * (views/streams/post/AuthorMenuPopover.tsx): follow and unfollow, block, the report form; a
 * follow or a block is announced on the streams' bus, so every list on screen follows.
 */
export function authorLogic({ app, authorApi, bus }: StreamsLogic['bound']) {
  const api = authorApi ?? clientOf(createUsersApi, createModerationApi);
  const bridge = bridgeActions(app);
  return authorMachine.provide({
    actors: {
      changeFollow: fromPromise(({ input }: { input: { userId: string; follow: boolean } }) =>
        input.follow ? api.follows.follow(input.userId) : api.follows.unfollow(input.userId),
      ),
      blockMember: fromPromise(({ input }: { input: { userId: string } }) => api.follows.block(input.userId)),
      reportForm: reportLogic(api, bridge),
    },
    actions: {
      showToast: bridge.showToast,
      followChanged: (_, change: { userId: string; following: boolean }) => bus.publish({ event: 'following', ...change }),
      blocked: (_, change: { userId: string }) => bus.publish({ event: 'blocked', userId: change.userId }),
    },
  });
}
