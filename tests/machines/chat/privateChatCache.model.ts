import { privateChatCacheMachine } from '../../../src/machines/chat/privateChatCache.machine';
import { type MachineModel, type ModelEvent } from '../cover';
import { item, itemBen, msg } from './chat.model';

/** The chat screen's list: carl wrote last, so carl is the participant the clean-up names. */
export const shownList = [item(msg(9, 'carl'), 2), itemBen];

const model = {
  events: [
    { type: 'privateChat.listed', list: shownList },
    { type: 'privateChat.attached' },
    { type: 'privateChat.detached' },
    { type: 'privateChat.clear' },
    { type: 'xstate.done.actor.leaveChat' },
    { type: 'xstate.error.actor.leaveChat', error: { data: { message: 'User not found', statusCode: 404 } } },
  ] as ModelEvent[],
};

export const privateChatCacheModel: MachineModel = {
  name: 'privateChatCache',
  machine: privateChatCacheMachine,
  covers: [{ label: 'all transitions', options: model }],
};
