import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { canSubmit, isInvitee, selectCreating, selectInvitees } from '../../../../src/machines/chat/groupChat/groupChatCreate.connect';
import { groupChatCreateMachine } from '../../../../src/machines/chat/groupChat/groupChatCreate.machine';
import { groupChatSearchMachine } from '../../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { me } from './groupChatFixtures';

describe('group chat create connect', () => {
  it('may submit while editing, not while the group chat is being created', () => {
    const actor = createActor(
      groupChatCreateMachine.provide({
        actors: { createGroupChat: fromPromise(() => new Promise<never>(() => {})), search: groupChatSearchMachine } as never,
      }),
      { input: { me } },
    ).start();
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'create.name', value: 'Team' });
    actor.send({ type: 'create.toggle', user: { _id: 'u2', username: 'ben', avatarColor: '#1d4ed8', profilePicture: '' } });
    expect(isInvitee(selectInvitees(actor.getSnapshot()), 'u2')).toBe(true);
    actor.send({ type: 'create.submit' });
    expect(selectCreating(actor.getSnapshot())).toBe(true);
    expect(canSubmit(actor.getSnapshot())).toBe(false);
  });
});
