import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { groupsMachine, type GroupLists } from '../../../src/machines/groups/groups.machine';
import {
  isGroupAdmin,
  isInvited,
  selectBusy,
  selectInvitations,
  selectIsLoading,
  selectMine,
} from '../../../src/machines/groups/groups.connect';
import { adminGroup, invitedPublic, memberPublic } from './groupFixtures';

describe('groups connect', () => {
  it('lists the member groups and invitations, marks the groups they run, and the invitation being accepted', async () => {
    const lists: GroupLists = {
      mine: [adminGroup, { ...memberPublic, _id: 'g2' }],
      invitations: [{ ...invitedPublic, _id: 'g3' }],
      discover: [],
      discoverCursor: null,
    };
    const actor = createActor(
      groupsMachine.provide({
        actors: {
          loadGroups: fromPromise(async () => lists),
          acceptInvitation: fromPromise(() => new Promise(() => {})),
          live: fromCallback(() => () => {}),
        } as never,
        actions: { showToast: () => {} },
      }),
      { input: { userId: 'u1' } },
    ).start();
    await waitFor(actor, (s) => !selectIsLoading(s));
    const s = actor.getSnapshot();
    expect(selectMine(s).map(isGroupAdmin)).toEqual([true, false]);
    expect(selectInvitations(s).every(isInvited)).toBe(true);
    actor.send({ type: 'groups.accept', groupId: 'g3' });
    expect(selectBusy(actor.getSnapshot(), 'g3')).toBe('accept');
  });
});
