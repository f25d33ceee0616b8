import { commentsMachine, TEMP_PREFIX, type CommentsContext } from '../../../../src/machines/streams/discussion/comments.machine';
import { CLIENT_SEED, comment, noAnswer, refused } from '../../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../../cover';

const me = { userId: 'u1', username: 'alice', avatarColor: '#f33e58', profilePicture: '' };
const mine = comment({ _id: 'c1', userId: 'u1' });
const theirs = comment({ _id: 'c2', userId: 'u2', username: 'bob', comment: 'Hello' });
const sent = comment({ _id: 'c3', userId: 'u1', comment: 'hi there' });
const older = comment({ _id: 'c4', userId: 'u2', username: 'bob' });
const live = comment({ _id: 'c5', userId: 'u2', username: 'bob' });
const notFound = refused('Post not found');

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as CommentsContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    ids: c.comments.map((x) => x._id),
    count: c.commentsCount,
    more: c.nextCursor !== null,
    draft: c.draft,
    format: c.format,
    editing: c.editing,
    inFlight: c.inFlight?.comment._id ?? null,
    clientId: c.inFlight?.clientId ?? null,
    unsent: c.unsent,
    error: c.error,
  });
};

export const model = {
  input: { postId: 'p1', me, clientSeed: CLIENT_SEED },
  serialize,
  events: [
    { type: 'comments.retry' },
    { type: 'comments.loadMore' },
    { type: 'comments.change', text: 'hi there' },
    { type: 'comments.format.set', format: 'markdown' },
    { type: 'comments.format.set', format: 'plain' },
    { type: 'comments.preview.show' },
    { type: 'comments.preview.hide' },
    { type: 'comments.change', text: '   ' },
    { type: 'comments.submit' },
    { type: 'comments.startEdit', commentId: 'c1' },
    { type: 'comments.startEdit', commentId: 'c2' },
    { type: 'comments.changeEdit', text: 'edited' },
    { type: 'comments.changeEdit', text: '' },
    { type: 'comments.cancelEdit' },
    { type: 'comments.saveEdit' },
    { type: 'comments.edit.format.set', format: 'markdown' },
    { type: 'comments.edit.format.set', format: 'plain' },
    { type: 'comments.edit.preview.show' },
    { type: 'comments.edit.preview.hide' },
    { type: 'comments.delete', commentId: 'c1' },
    { type: 'comments.delete', commentId: 'c2' },
    { type: 'comments.added', comment: live, commentsCount: 9 },
    { type: 'comments.updated', comment: { ...theirs, comment: 'changed' }, commentsCount: 9 },
    { type: 'comments.removed', commentId: 'c2', commentsCount: 8 },
    { type: 'xstate.done.actor.fetchComments', output: { comments: [mine, theirs], commentsCount: 2, nextCursor: 'n1' } },
    { type: 'xstate.error.actor.fetchComments', error: notFound },
    { type: 'xstate.done.actor.createComment', output: { message: 'ok', comment: sent, commentsCount: 3 } },
    { type: 'xstate.error.actor.createComment', error: refused('Comment must not exceed 2000 characters', 400) },
    { type: 'xstate.error.actor.createComment', error: noAnswer() },
    {
      type: 'xstate.done.actor.updateComment',
      output: { message: 'ok', comment: { ...mine, comment: 'edited', editedAt: 'x' }, commentsCount: 2 },
    },
    { type: 'xstate.error.actor.updateComment', error: refused('You can only edit your own comments', 403) },
    { type: 'xstate.done.actor.removeComment', output: { message: 'ok', postId: 'p1', commentsCount: 1 } },
    { type: 'xstate.error.actor.removeComment', error: notFound },
    { type: 'xstate.done.actor.moreComments', output: { comments: [older], commentsCount: 3, nextCursor: null } },
    { type: 'xstate.error.actor.moreComments', error: new Error('offline') },
  ] as ModelEvent[],
  // One comment sent per path, socket events on the loaded list only: the graph stays small.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as CommentsContext;
    // The Markdown option and the tabs: tried before anything is sent, on the list as loaded; the option also while loading.
    const fresh = c.seq === 0 && c.draft === '' && c.editing === null && c.comments.map((x) => x._id).join() === 'c1,c2';
    if (event.type === 'comments.format.set')
      return (
        (fresh && snapshot.matches({ ready: { write: 'idle', more: 'idle' } }) && !(event.format === 'plain' && c.format === 'plain')) ||
        (snapshot.matches('loading') && c.format === 'plain')
      );
    if (event.type === 'comments.preview.show' || event.type === 'comments.preview.hide')
      return fresh && snapshot.matches({ ready: { more: 'idle' } });
    if (c.format === 'markdown' && c.seq === 0 && c.draft === '' && !snapshot.matches('loading'))
      return event.type === 'comments.format.set';
    // An edit switched to Markdown is followed alone: its tabs, then saved or cancelled.
    if (c.editing !== null && (c.editing.format === 'markdown' || c.editing.previewing))
      return (
        event.type.startsWith('comments.edit.') ||
        ['comments.saveEdit', 'comments.cancelEdit', 'xstate.done.actor.updateComment', 'xstate.error.actor.updateComment'].includes(
          event.type,
        )
      );
    // The edit's Markdown option and tabs: on the comment as it was opened, before anything is sent.
    if (event.type.startsWith('comments.edit.'))
      return (
        c.seq === 0 &&
        c.draft === '' &&
        c.editing !== null &&
        c.editing.text === mine.comment &&
        c.comments.map((x) => x._id).join() === 'c1,c2' &&
        snapshot.matches({ ready: { write: 'idle', more: 'idle' } })
      );
    // A send that was refused is followed alone (from the list as loaded): its Try again and how that ends.
    const asLoaded = (ids: string) =>
      c.comments.map((x) => x._id).join() === ids &&
      c.editing === null &&
      c.nextCursor !== null &&
      snapshot.matches({ ready: { more: 'idle' } });
    if (c.unsent !== null || c.seq === 2) {
      if (event.type === 'comments.submit') return c.seq === 1 && c.unsent !== null && asLoaded('c1,c2');
      return /^xstate\.(done|error)\.actor\.createComment$/.test(event.type) && (c.seq === 2 || asLoaded(`c1,c2,${TEMP_PREFIX}1`));
    }
    // Handed to the outbox: the path ends with the outbox's stored comment arriving (its outbox.sent, as comments.added).
    if (c.seq === 1 && c.unsent === null && c.inFlight === null && !c.comments.some((x) => x._id === sent._id))
      return event.type === 'comments.added' && c.comments.map((x) => x._id).join() === 'c1,c2';
    if (event.type === 'comments.submit') return c.seq === 0;
    // No answer to the first send (it goes to the outbox), on the list as loaded.
    if (event.type === 'xstate.error.actor.createComment' && (event as unknown as { error: unknown }).error instanceof Error)
      return asLoaded(`c1,c2,${TEMP_PREFIX}1`);
    if (
      event.type.startsWith('comments.') &&
      ['comments.added', 'comments.updated', 'comments.removed', 'comments.loadMore'].includes(event.type)
    )
      return c.comments.map((x) => x._id).join() === 'c1,c2' && snapshot.matches({ ready: { write: 'idle' } });
    if (event.type === 'comments.change') return c.seq === 0 || c.draft !== '';
    return true;
  },
};

export const commentsModel: MachineModel = {
  name: 'comments',
  machine: commentsMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
