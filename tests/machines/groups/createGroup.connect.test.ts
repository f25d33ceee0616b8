import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { canCancel, canSubmit, isInvitedMember, selectInvited, selectIsBusy } from '../../../src/machines/groups/createGroup.connect';
import { createGroupMachine } from '../../../src/machines/groups/createGroup.machine';
import { groupChatSearchMachine } from '../../../src/machines/chat/groupChat/groupChatSearch.machine';

const never = () => new Promise<never>(() => {});

describe('create group connect', () => {
  it('may submit while editing, not while an image uploads or the group is being sent; cancel waits only for the send', () => {
    const actor = createActor(
      createGroupMachine.provide({
        actors: { uploadImage: fromPromise(never), createGroup: fromPromise(never), search: groupChatSearchMachine } as never,
        actions: { showToast: () => {}, navigate: () => {} },
      }),
      { input: { currentUserId: 'u1' } },
    ).start();
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'group.image', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'group.imageRemove' });
    actor.send({ type: 'group.name', value: 'Harbour walkers' });
    actor.send({ type: 'group.category', category: 'Travel' });
    actor.send({ type: 'group.tagDraft', value: 'walks' });
    actor.send({ type: 'group.tagAdd' });
    actor.send({ type: 'group.invite', user: { _id: 'u2', username: 'bob', avatarColor: '#1e88e5', profilePicture: '' } });
    expect(isInvitedMember(selectInvited(actor.getSnapshot()), 'u2')).toBe(true);
    actor.send({ type: 'group.submit' });
    const s = actor.getSnapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(canSubmit(s)).toBe(false);
    expect(canCancel(s)).toBe(false);
  });
});
