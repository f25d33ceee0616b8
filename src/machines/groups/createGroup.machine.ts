import { produce } from 'immer';
import { assertEvent, and, assign, not, sendTo, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import { GROUP_CATEGORIES } from '../../api/groups/categories';
import { GROUP_MESSAGES, groupNameSchema, type CreateGroupBody, type GroupPrivacy } from '../../api/groups';
import { failureText } from '../shared/failure';
import { groupChatSearchMachine, type FoundUser, type MemberSearchActorRef } from '../chat/groupChat/groupChatSearch.machine';
import { groupHref } from '../shell/routes';
import type { ToastRequest } from '../shell/toastRequest';

export { INVITE_SEARCH_DELAY_MS, type FoundUser } from '../chat/groupChat/groupChatSearch.machine';

export type GroupCategory = (typeof GROUP_CATEGORIES)[number];

/** The spec's invited member. */
export interface InvitedMember {
  userId: string;
  username: string;
  avatarColor: string;
  profilePicture: string;
  joinedAt: string;
  role: 'member';
  joinedBy: 'invited';
  status: 'pending';
  invitedBy: string;
}

export interface CreatedGroup {
  _id?: string;
  id?: string;
}

export type CreateGroupEvent =
  | { type: 'group.name'; value: string }
  | { type: 'group.description'; value: string }
  | { type: 'group.privacy'; privacy: GroupPrivacy }
  | { type: 'group.category'; category: GroupCategory }
  | { type: 'group.tagDraft'; value: string }
  /** Adds the draft tag (the Add button or Enter). */
  | { type: 'group.tagAdd' }
  | { type: 'group.tagRemove'; tag: string }
  /** An image file was chosen, read as a data URL (png). */
  | { type: 'group.image'; dataUrl: string }
  | { type: 'group.imageRemove' }
  | { type: 'group.invite'; user: FoundUser }
  | { type: 'group.submit' }
  | { type: 'group.cancel' };

export interface CreateGroupErrors {
  name: string | null;
  category: string | null;
  tag: string | null;
}

export interface CreateGroupContext {
  currentUserId: string;
  name: string;
  description: string;
  privacy: GroupPrivacy;
  categories: GroupCategory[];
  tags: string[];
  tagDraft: string;
  /** The chosen image as a data URL (the preview), '' for none. */
  preview: string;
  /** The uploaded image's url, '' until uploaded. */
  imageUrl: string;
  errors: CreateGroupErrors;
  invited: InvitedMember[];
  groupId: string | null;
}

export interface CreateGroupInput {
  currentUserId: string;
}

export const UPLOAD_FAILED = 'Error uploading image';
export const CREATE_FAILED = 'Failed to create group';
export const CREATED = 'Group created successfully!';
export const REDIRECT_DELAY_MS = 200;
export const GROUPS_HREF = '/app/social/groups';

/** The first message of the group name rules, or null when the name is valid. */
export function nameError(name: string): string | null {
  const parsed = groupNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
const categoryError = (categories: string[]) => (categories.length ? null : GROUP_MESSAGES.categoryRequired);
const tagError = (tags: string[]) => (tags.length ? null : GROUP_MESSAGES.tagRequired);
const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const invitedMember = (user: FoundUser, invitedBy: string, joinedAt = new Date().toISOString()): InvitedMember => ({
  userId: user._id,
  username: user.username,
  avatarColor: user.avatarColor || '#000000',
  profilePicture: user.profilePicture || '',
  joinedAt,
  role: 'member',
  joinedBy: 'invited',
  status: 'pending',
  invitedBy,
});

/** POST /group/create body from the form. */
export const createBody = (c: CreateGroupContext): CreateGroupBody => ({
  name: c.name.trim(),
  description: c.description.trim(),
  privacy: c.privacy,
  members: c.invited,
  tags: c.tags,
  category: c.categories,
  profileImage: c.imageUrl,
});

const validate = (c: CreateGroupContext): CreateGroupErrors => ({
  name: nameError(c.name),
  category: categoryError(c.categories),
  tag: tagError(c.tags),
});
export const isFormValid = (c: CreateGroupContext) => Object.values(validate(c)).every((e) => e === null);

/**
 * Create New Group (spec sections 2 to 5 and 8): the form with field validation, the group image
 * (uploaded as soon as it is chosen), the Invite Members search (the shared member search child,
 * `search`: 500 ms pause, from one character, never offering the creator or whoever is invited
 * already) and the submit. On
 * success a toast, then after 200 ms the new group's page.
 */
/**
 * A new image restarts the upload. It is taken in each state of the image region rather than on
 * the region itself: a `reenter` transition on a region of a parallel machine re-enters the whole
 * machine (its least common compound ancestor is the root), which would reset the other regions.
 */
const imageTransitions = {
  'group.image': { guard: 'isImage', target: 'uploading', reenter: true, actions: 'setPreview' },
} as const;

export const createGroupMachine = setup({
  types: {
    context: {} as CreateGroupContext,
    events: {} as CreateGroupEvent,
    input: {} as CreateGroupInput,
  },
  actors: {
    /** Effect: POST /images/group-avatar {image} -> {url}. */
    uploadImage: requiredPromise<{ url: string }, { image: string }>('uploadImage'),
    /** Invite Members: the member search (its searchUsers effect is provided with the page's). */
    search: groupChatSearchMachine,
    /** Effect: POST /group/create. */
    createGroup: requiredPromise<{ group: CreatedGroup }, CreateGroupBody>('createGroup'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    navigate: (_, _to: { to: string }) => {},
    setPreview: assign({ preview: ({ event }) => (event.type === 'group.image' ? event.dataUrl : ''), imageUrl: '' }),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    canAddTag: ({ context }) => {
      const tag = context.tagDraft.trim();
      return tag !== '' && !context.tags.some((t) => sameTag(t, tag));
    },
    isImage: ({ event }) => {
      assertEvent(event, 'group.image');
      return event.dataUrl.startsWith('data:image/');
    },
  },
  delays: { REDIRECT_DELAY: REDIRECT_DELAY_MS },
}).createMachine({
  id: 'createGroup',
  type: 'parallel',
  context: ({ input }) => ({
    currentUserId: input.currentUserId,
    name: '',
    description: '',
    privacy: 'public',
    categories: [],
    tags: [],
    tagDraft: '',
    preview: '',
    imageUrl: '',
    errors: { name: null, category: null, tag: null },
    invited: [],
    groupId: null,
  }),
  invoke: { id: 'search', src: 'search', input: ({ context }) => ({ exclude: [context.currentUserId] }) },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'group.name': {
              actions: assign(({ context, event }) => ({ name: event.value, errors: { ...context.errors, name: nameError(event.value) } })),
            },
            'group.description': { actions: assign({ description: ({ event }) => event.value }) },
            'group.privacy': { actions: assign({ privacy: ({ event }) => event.privacy }) },
            'group.category': {
              actions: assign(({ context, event }) => {
                const categories = context.categories.includes(event.category)
                  ? context.categories.filter((c) => c !== event.category)
                  : [...context.categories, event.category];
                return { categories, errors: { ...context.errors, category: categoryError(categories) } };
              }),
            },
            'group.tagDraft': { actions: assign({ tagDraft: ({ event }) => event.value }) },
            'group.tagAdd': {
              guard: 'canAddTag',
              actions: assign(({ context }) => ({
                tags: [...context.tags, context.tagDraft.trim()],
                tagDraft: '',
                errors: { ...context.errors, tag: null },
              })),
            },
            'group.tagRemove': {
              actions: assign(({ context, event }) => {
                const tags = context.tags.filter((t) => t !== event.tag);
                return { tags, errors: { ...context.errors, tag: tagError(tags) } };
              }),
            },
            'group.invite': {
              actions: [
                assign(({ context, event }) =>
                  produce(context, (draft) => {
                    const at = draft.invited.findIndex((m) => m.userId === event.user._id);
                    if (at >= 0) draft.invited.splice(at, 1);
                    else draft.invited.push(invitedMember(event.user, context.currentUserId));
                  }),
                ),
                // The next results leave out whoever is invited by now; the shown ones stay, to toggle back.
                sendTo('search', ({ context }) => ({
                  type: 'search.exclude' as const,
                  ids: [context.currentUserId, ...context.invited.map((m) => m.userId)],
                  keepShown: true,
                })),
              ],
            },
            'group.submit': [
              // The image must have finished uploading before the group can use its url.
              { guard: and(['isValid', not(stateIn({ image: 'uploading' }))]), target: 'submitting' },
              { actions: assign({ errors: ({ context }) => validate(context) }) },
            ],
            'group.cancel': { actions: { type: 'navigate', params: { to: GROUPS_HREF } } },
          },
        },
        submitting: {
          invoke: {
            id: 'createGroup',
            src: 'createGroup',
            input: ({ context }) => createBody(context),
            onDone: {
              target: 'success',
              actions: [
                assign({ groupId: ({ event }) => event.output.group._id ?? event.output.group.id ?? null }),
                { type: 'showToast', params: { type: 'success' as const, description: CREATED } },
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, CREATE_FAILED) }),
              },
            },
          },
        },
        success: {
          after: {
            REDIRECT_DELAY: {
              target: 'done',
              actions: { type: 'navigate', params: ({ context }) => ({ to: context.groupId ? groupHref(context.groupId) : GROUPS_HREF }) },
            },
          },
        },
        done: { type: 'final' },
      },
    },
    image: {
      initial: 'none',
      states: {
        none: { on: imageTransitions },
        uploading: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context }) => ({ image: context.preview }),
            onDone: { target: 'uploaded', actions: assign({ imageUrl: ({ event }) => event.output.url }) },
            onError: {
              target: 'failed',
              actions: [
                assign({ preview: '', imageUrl: '' }),
                {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, UPLOAD_FAILED) }),
                },
              ],
            },
          },
          on: { ...imageTransitions, 'group.imageRemove': { target: 'none', actions: assign({ preview: '', imageUrl: '' }) } },
        },
        uploaded: { on: { ...imageTransitions, 'group.imageRemove': { target: 'none', actions: assign({ preview: '', imageUrl: '' }) } } },
        failed: { on: imageTransitions },
      },
    },
  },
});

export type CreateGroupActorRef = ActorRefFrom<typeof createGroupMachine>;
export type CreateGroupSnapshot = SnapshotFrom<typeof createGroupMachine>;

export const selectIsSubmitting = (s: CreateGroupSnapshot) => s.matches({ form: 'submitting' });
export const selectIsUploading = (s: CreateGroupSnapshot) => s.matches({ image: 'uploading' });
/** The Invite Members search. */
export const selectSearch = (s: CreateGroupSnapshot) => s.children.search as MemberSearchActorRef | undefined;
export const selectIsInvited = (s: CreateGroupSnapshot, userId: string) => s.context.invited.some((m) => m.userId === userId);
