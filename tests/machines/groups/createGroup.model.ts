import { createGroupMachine, type CreateGroupContext } from '../../../src/machines/groups/createGroup.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const ME = 'u0';
export const user = (id: string, extra: Record<string, string> = {}) => ({ _id: id, username: `member-${id}`, ...extra });
export const PNG = 'data:image/png;base64,AAAA';

export const NAME_ERRORS: Record<string, string | null> = {
  '': 'Group name is required',
  ab: 'Group name must be at least 3 characters',
  ['x'.repeat(51)]: 'Group name must not exceed 50 characters',
  'Bad!': 'Group name must contain only letters, numbers, and spaces',
  'Book Club': null,
};

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as CreateGroupContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    name: c.name,
    description: c.description,
    privacy: c.privacy,
    categories: c.categories,
    tags: c.tags,
    tagDraft: c.tagDraft,
    preview: c.preview,
    imageUrl: c.imageUrl,
    errors: c.errors,
    invited: c.invited.map((m) => m.userId),
    groupId: c.groupId,
  });
};

const pristine = (c: CreateGroupContext) =>
  c.name === '' &&
  c.description === '' &&
  c.privacy === 'public' &&
  c.categories.length === 0 &&
  c.tags.length === 0 &&
  c.tagDraft === '' &&
  Object.values(c.errors).every((e) => e === null);

type Snap = { context: unknown; matches(v: unknown): boolean };

export const model = {
  serialize,
  input: { currentUserId: ME },
  events: [
    ...Object.keys(NAME_ERRORS).map((value) => ({ type: 'group.name', value })),
    { type: 'group.description', value: 'We read books' },
    { type: 'group.privacy', privacy: 'private' },
    { type: 'group.category', category: 'Books' },
    { type: 'group.tagDraft', value: ' reading ' },
    { type: 'group.tagDraft', value: 'READING' },
    { type: 'group.tagDraft', value: '   ' },
    { type: 'group.tagRemove', tag: 'reading' },
    { type: 'group.image', dataUrl: PNG },
    { type: 'group.image', dataUrl: 'data:text/plain;base64,AAAA' },
    { type: 'group.invite', user: user('u2', { avatarColor: '#123456' }) },
    { type: 'xstate.done.actor.uploadImage', output: { url: '/media/image/upload/g.png' } },
    { type: 'xstate.error.actor.uploadImage', error: new Error('Image too large') },
    { type: 'xstate.error.actor.uploadImage', error: { data: 'nope' } },
    { type: 'xstate.done.actor.createGroup', output: { group: { _id: 'g1' } } },
    { type: 'xstate.done.actor.createGroup', output: { group: { id: 'g2' } } },
    { type: 'xstate.error.actor.createGroup', error: refused('Group name taken', 409) },
    { type: 'xstate.error.actor.createGroup', error: { data: 'nope' } },
  ] as ModelEvent[],
  // The three regions are independent: each is explored from a quiet form so the graph stays small.
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = snapshot.context as CreateGroupContext;
    const quietInvite = c.invited.length === 0;
    const noImage = snapshot.matches({ image: 'none' });
    const t = event.type;
    if (t.startsWith('xstate.')) return true;
    if (t === 'group.image' || t === 'group.imageRemove') return pristine(c) && quietInvite;
    if (t === 'group.invite') return pristine(c) && noImage && c.invited.length <= 1;
    if (!noImage || !quietInvite) return false;
    if (t === 'group.submit' || t === 'group.cancel') return true;
    if (t === 'group.name') return c.name !== 'Book Club' && c.categories.length === 0 && c.tags.length === 0 && c.tagDraft === '';
    if (t === 'group.description' || t === 'group.privacy') return pristine(c);
    // Categories and tags once the name is valid.
    if (c.name !== 'Book Club') return false;
    if (t === 'group.category') return c.tags.length === 0 && c.tagDraft === '';
    return true;
  },
};

export const createGroupModel: MachineModel = {
  name: 'createGroup',
  machine: createGroupMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
