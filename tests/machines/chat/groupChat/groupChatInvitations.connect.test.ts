import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  answerFor,
  inviterOf,
  memberCount,
  selectAnswering,
  selectBusy,
  selectPending,
} from '../../../../src/machines/chat/groupChat/groupChatInvitations.connect';
import { groupChatInvitationsMachine } from '../../../../src/machines/chat/groupChat/groupChatInvitations.machine';
import { ben, cleo, me, member, team } from './groupChatFixtures';

/** Ben's group, with Ada invited by Cleo. */
const invited = team({
  _id: 'g2',
  createdBy: ben.id,
  admins: [ben.id],
  members: [
    member(ben, { role: 'admin', joinedBy: 'creator', invitedBy: null }),
    member(cleo),
    member(me, { state: 'pending', invitedBy: cleo.id }),
  ],
});

describe('group chat invitations connect', () => {
  it('names who invited the member (else the creator) and counts only joined members', () => {
    expect(inviterOf(invited, me.id)).toBe('cleo');
    expect(inviterOf(team({ members: [member(ben, { invitedBy: null })], createdBy: ben.id }), me.id)).toBe('ben');
    expect(memberCount(invited)).toBe(2);
  });

  it('says which answer runs, for which group, and holds every button meanwhile', async () => {
    const actor = createActor(
      groupChatInvitationsMachine.provide({
        actors: {
          fetchInvitations: fromPromise(async () => [invited]),
          answer: fromPromise(() => new Promise<never>(() => {})),
          live: fromCallback(() => () => {}),
        } as never,
      }),
      { input: { me } },
    ).start();
    await waitFor(actor, (s) => selectPending(s).length === 1);
    expect(selectBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'invitations.decline', groupId: 'g2' });
    const answering = selectAnswering(actor.getSnapshot());
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    expect(answerFor(answering, 'g2')).toBe('decline');
    expect(answerFor(answering, 'g1')).toBeNull();
  });
});
