import type { ReactionChange } from '../../../../src/api/posts';
import { authorMachine } from '../../../../src/machines/streams/post/author.machine';
import { reactionsMachine } from '../../../../src/machines/streams/post/reactions.machine';
import { saveMachine } from '../../../../src/machines/streams/post/save.machine';
import { whoReactedMachine } from '../../../../src/machines/streams/post/whoReacted.machine';
import { noAnswer, refused, zeroCounts } from '../../../fixtures/streams';
import type { MachineModel, ModelEvent } from '../../cover';

const change = (userReaction: ReactionChange['userReaction']): ReactionChange => ({
  message: 'ok',
  postId: 'p1',
  reactions: { ...zeroCounts(), ...(userReaction ? { [userReaction]: 1 } : {}) },
  userReaction,
});
const notFound = refused('Post not found');

const reactionsOptions = (mine: 'like' | null) => ({
  input: { postId: 'p1', mine },
  events: [
    { type: 'reaction.choose', reaction: 'like' },
    { type: 'reaction.choose', reaction: 'love' },
    { type: 'reaction.remove' },
    { type: 'xstate.done.actor.sendReaction', output: change('like') },
    { type: 'xstate.done.actor.sendReaction', output: change('love') },
    { type: 'xstate.done.actor.sendReaction', output: change(null) },
    { type: 'xstate.error.actor.sendReaction', error: notFound },
    // No server: the wish goes to the outbox, which keeps it (and may send it later).
    { type: 'xstate.error.actor.sendReaction', error: noAnswer() },
    { type: 'reaction.wish', reaction: 'love' },
    { type: 'reaction.wish', reaction: null },
    { type: 'reaction.sent', change: change('love') },
    // A removal the outbox sent found none (404): the post's counts are read again.
    { type: 'reaction.gone' },
    { type: 'xstate.done.actor.readReaction', output: change(null) },
    { type: 'xstate.error.actor.readReaction', error: noAnswer() },
  ] as ModelEvent[],
});

export const reactionsModel: MachineModel = {
  name: 'reactions',
  machine: reactionsMachine,
  covers: ([null, 'like'] as const).map((mine) => ({ label: `member had ${mine}`, options: reactionsOptions(mine) })),
};

const saveOptions = {
  input: { postId: 'p1', saved: false },
  events: [
    { type: 'save.toggle' },
    { type: 'xstate.done.actor.toggleSaved', output: { message: 'ok', postId: 'p1', saved: true } },
    { type: 'xstate.done.actor.toggleSaved', output: { message: 'ok', postId: 'p1', saved: false } },
    { type: 'xstate.error.actor.toggleSaved', error: new Error('offline') },
  ] as ModelEvent[],
};

export const saveModel: MachineModel = {
  name: 'save',
  machine: saveMachine,
  covers: [{ label: 'all transitions', options: saveOptions }],
};

const whoReactedOptions = {
  input: { postId: 'p1' },
  events: [
    { type: 'whoReacted.retry' },
    { type: 'whoReacted.tab', tab: 'love' },
    { type: 'xstate.done.actor.fetchReactions', output: { reactions: [], count: 0 } },
    { type: 'xstate.error.actor.fetchReactions', error: notFound },
  ] as ModelEvent[],
};

export const whoReactedModel: MachineModel = {
  name: 'whoReacted',
  machine: whoReactedMachine,
  covers: [{ label: 'all transitions', options: whoReactedOptions }],
};

const authorOptions = {
  input: { userId: 'u2', username: 'bob', postId: 'p7' },
  events: [
    { type: 'author.report' },
    { type: 'xstate.done.actor.reportForm', output: undefined },
    { type: 'author.toggleFollow', following: false },
    { type: 'author.toggleFollow', following: true },
    { type: 'author.askBlock' },
    { type: 'author.cancelBlock' },
    { type: 'author.confirmBlock' },
    { type: 'xstate.done.actor.changeFollow', output: { message: 'ok', userId: 'u2', following: true } },
    { type: 'xstate.done.actor.changeFollow', output: { message: 'ok', userId: 'u2', following: false } },
    { type: 'xstate.error.actor.changeFollow', error: refused('You cannot follow this member', 403) },
    { type: 'xstate.done.actor.blockMember', output: { message: 'ok', userId: 'u2', blocked: true } },
    { type: 'xstate.error.actor.blockMember', error: refused('User not found') },
  ] as ModelEvent[],
};

export const authorModel: MachineModel = {
  name: 'author',
  machine: authorMachine,
  covers: [{ label: 'all transitions', options: authorOptions }],
};
