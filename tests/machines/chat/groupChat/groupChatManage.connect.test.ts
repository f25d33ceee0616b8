import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { GroupChat } from '../../../../src/api/chat';
import {
  acceptedCount,
  canRename,
  groupChatRights,
  memberRows,
  selectFinished,
} from '../../../../src/machines/chat/groupChat/groupChatManage.connect';
import { groupChatManageMachine } from '../../../../src/machines/chat/groupChat/groupChatManage.machine';
import { ben, cleo, me, member, team } from './groupChatFixtures';

const rows = (group: GroupChat, meId: string) =>
  memberRows(group, meId).map((r) => [r.member.username, { self: r.isSelf, admin: r.isAdmin, promote: r.canPromote, remove: r.canRemove }]);

describe('group chat manage connect', () => {
  it('lets an admin rename, invite, delete, promote accepted members and remove anyone else', () => {
    expect(groupChatRights(team(), me.id)).toEqual({ isAdmin: true, canRename: true, canInvite: true, canDelete: true, canLeave: true });
    // Members first, then the invited; the admin at the top.
    expect(rows(team(), me.id)).toEqual([
      ['ada', { self: true, admin: true, promote: false, remove: false }],
      ['ben', { self: false, admin: false, promote: true, remove: true }],
      ['cleo', { self: false, admin: false, promote: false, remove: true }],
    ]);
    expect(acceptedCount(team())).toBe(2);
  });

  it('lets nobody promote an admin, and puts admins first', () => {
    const twoAdmins = team({
      admins: [me.id, ben.id],
      members: [member(cleo), member(ben, { role: 'admin' }), member(me, { role: 'admin' })],
    });
    expect(rows(twoAdmins, me.id).map(([name, r]) => [name, (r as { promote: boolean }).promote])).toEqual([
      ['ben', false],
      ['ada', false],
      ['cleo', true],
    ]);
  });

  it('gives a plain member no controls but Leave', () => {
    expect(groupChatRights(team(), ben.id)).toEqual({
      isAdmin: false,
      canRename: false,
      canInvite: false,
      canDelete: false,
      canLeave: true,
    });
    expect(memberRows(team(), ben.id).every((r) => !r.canPromote && !r.canRemove)).toBe(true);
  });

  it('allows Rename once the draft differs from the name and while nothing runs; the panel is finished after leaving', async () => {
    let answer: (group: GroupChat | null) => void = () => {};
    const actor = createActor(
      groupChatManageMachine.provide({
        actors: { request: fromPromise(() => new Promise<GroupChat | null>((resolve) => (answer = resolve))) },
      }),
      { input: { me, group: team() } },
    ).start();
    expect(canRename(actor.getSnapshot(), team())).toBe(false);
    actor.send({ type: 'manage.nameChange', name: 'Team two' });
    expect(canRename(actor.getSnapshot(), team())).toBe(true);
    actor.send({ type: 'manage.rename' });
    expect(canRename(actor.getSnapshot(), team())).toBe(false);
    answer(team({ name: 'Team two' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'manage.leave' });
    actor.send({ type: 'manage.confirm' });
    answer(null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectFinished(actor.getSnapshot())).toBe(true);
  });
});
