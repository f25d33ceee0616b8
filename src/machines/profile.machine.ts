import { produce } from 'immer';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../api/auth';
import type { FollowResponse, UsersList } from '../api/follows';
import type { UserImages } from '../api/media';
import {
  changePasswordBodySchema,
  type BasicInfo,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type NotificationSettings,
  type NotificationType,
  type Profile,
  type ProfileResponse,
  type ProfileUpdateResponse,
} from '../api/users';
import { failureText } from './failure';
import type { ToastRequest } from './toastRequest';

export const PROFILE_TABS = ['timeline', 'followers', 'following', 'gallery', 'password', 'notifications'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** Tabs only the owner sees. */
export const OWNER_TABS: readonly ProfileTab[] = ['password', 'notifications'];

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.tab'; tab: ProfileTab }
  | { type: 'profile.toggleFollow' }
  | { type: 'profile.editInfo' }
  | { type: 'profile.cancelEdit' }
  | { type: 'profile.saveInfo'; info: BasicInfo }
  | { type: 'profile.changePassword'; body: ChangePasswordBody }
  | { type: 'profile.setNotification'; setting: NotificationType; value: boolean };

export interface ProfileContext {
  userId: string;
  profile: Profile | null;
  error: string | null;
  followers: UsersList | null;
  following: UsersList | null;
  gallery: UserImages | null;
  listError: string | null;
  infoError: string | null;
  passwordErrors: Partial<Record<keyof ChangePasswordBody | 'form', string>>;
  passwordMessage: string | null;
  /** The settings before an unconfirmed toggle (restored on a refusal). */
  savedNotifications: NotificationSettings | null;
}

export const PROFILE_FAILED = 'Could not load this profile. Please try again.';
export const LIST_FAILED = 'Could not load this list. Please try again.';
export const SAVE_FAILED = 'Could not save your changes. Please try again.';
export const PASSWORD_FAILED = 'Could not change your password. Please try again.';
export const FOLLOW_FAILED = 'Could not change whom you follow. Please try again.';

const empty = (userId: string): ProfileContext => ({
  userId,
  profile: null,
  error: null,
  followers: null,
  following: null,
  gallery: null,
  listError: null,
  infoError: null,
  passwordErrors: {},
  passwordMessage: null,
  savedNotifications: null,
});

const toast = (error: unknown, fallback: string): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });

/**
 * One member's profile page: the banner (counts, follow), tabs (Timeline, Followers, Following,
 * Gallery; the owner also Change Password and Notifications), basic info editing for the owner.
 * A changed password answers with a fresh token: it goes to the session (`loggedIn`).
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { userId: string },
  },
  actors: {
    fetchProfile: fromPromise<ProfileResponse, { userId: string }>(async () => {
      throw new Error('fetchProfile actor not provided');
    }),
    fetchFollowers: fromPromise<UsersList, { userId: string }>(async () => {
      throw new Error('fetchFollowers actor not provided');
    }),
    fetchFollowing: fromPromise<UsersList, { userId: string }>(async () => {
      throw new Error('fetchFollowing actor not provided');
    }),
    fetchGallery: fromPromise<UserImages, { userId: string }>(async () => {
      throw new Error('fetchGallery actor not provided');
    }),
    changeFollow: fromPromise<FollowResponse, { userId: string; follow: boolean }>(async () => {
      throw new Error('changeFollow actor not provided');
    }),
    saveInfo: fromPromise<ProfileUpdateResponse, BasicInfo>(async () => {
      throw new Error('saveInfo actor not provided');
    }),
    changePassword: fromPromise<ChangePasswordResponse, ChangePasswordBody>(async () => {
      throw new Error('changePassword actor not provided');
    }),
    saveNotifications: fromPromise<ProfileUpdateResponse, { setting: NotificationType; value: boolean }>(async () => {
      throw new Error('saveNotifications actor not provided');
    }),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: `session.login` with the fresh token. */
    loggedIn: (_, _session: { token: string; user: User }) => {},
    /** Effect: every list on screen marks the member as followed or not. */
    followChanged: (_, _change: { userId: string; following: boolean }) => {},
    flipFollow: assign(({ context }) =>
      produce(context, (draft) => {
        if (!draft.profile) return;
        draft.profile.isFollowing = !draft.profile.isFollowing;
        draft.profile.followersCount += draft.profile.isFollowing ? 1 : -1;
      }),
    ),
    setNotification: assign(({ context, event }) =>
      produce(context, (draft) => {
        if (event.type !== 'profile.setNotification' || !draft.profile?.notifications) return;
        draft.savedNotifications = { ...draft.profile.notifications };
        draft.profile.notifications[event.setting] = event.value;
      }),
    ),
  },
  guards: {
    isOwner: ({ context }) => context.profile?.isOwner === true,
    tabAllowed: ({ context, event }, { tab }: { tab: ProfileTab }) =>
      event.type === 'profile.tab' && event.tab === tab && (!OWNER_TABS.includes(tab) || context.profile?.isOwner === true),
    validPassword: ({ event }) => event.type === 'profile.changePassword' && changePasswordBodySchema.safeParse(event.body).success,
    canFollow: ({ context }) => context.profile !== null && !context.profile.isOwner,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => empty(input.userId),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output.user, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureText(event.error, PROFILE_FAILED) }),
            { type: 'showToast', params: ({ event }) => toast(event.error, PROFILE_FAILED) },
          ],
        },
      },
    },
    failed: { on: { 'profile.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        tab: {
          initial: 'timeline',
          on: {
            'profile.tab': PROFILE_TABS.map((tab) => ({ guard: { type: 'tabAllowed' as const, params: { tab } }, target: `.${tab}` })),
          },
          states: {
            timeline: {},
            followers: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchFollowers',
                    src: 'fetchFollowers',
                    input: ({ context }) => ({ userId: context.userId }),
                    onDone: { target: 'ready', actions: assign({ followers: ({ event }) => event.output, listError: null }) },
                    onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureText(event.error, LIST_FAILED) }) },
                  },
                },
                ready: {},
                failed: { on: { 'profile.retry': { target: 'loading' } } },
              },
            },
            following: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchFollowing',
                    src: 'fetchFollowing',
                    input: ({ context }) => ({ userId: context.userId }),
                    onDone: { target: 'ready', actions: assign({ following: ({ event }) => event.output, listError: null }) },
                    onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureText(event.error, LIST_FAILED) }) },
                  },
                },
                ready: {},
                failed: { on: { 'profile.retry': { target: 'loading' } } },
              },
            },
            gallery: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchGallery',
                    src: 'fetchGallery',
                    input: ({ context }) => ({ userId: context.userId }),
                    onDone: { target: 'ready', actions: assign({ gallery: ({ event }) => event.output, listError: null }) },
                    onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureText(event.error, LIST_FAILED) }) },
                  },
                },
                ready: {},
                failed: { on: { 'profile.retry': { target: 'loading' } } },
              },
            },
            password: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'profile.changePassword': [
                      { guard: 'validPassword', target: 'saving', actions: assign({ passwordErrors: {}, passwordMessage: null }) },
                      {
                        actions: assign({
                          passwordMessage: null,
                          passwordErrors: ({ event }) => {
                            const result = changePasswordBodySchema.safeParse(event.body);
                            const errors: ProfileContext['passwordErrors'] = {};
                            for (const issue of result.error?.issues ?? []) {
                              const key = (issue.path[0] ?? 'form') as keyof ProfileContext['passwordErrors'];
                              errors[key] ??= issue.message;
                            }
                            return errors;
                          },
                        }),
                      },
                    ],
                  },
                },
                saving: {
                  invoke: {
                    id: 'changePassword',
                    src: 'changePassword',
                    input: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.changePassword' }>).body,
                    onDone: {
                      target: 'editing',
                      actions: [
                        assign({ passwordMessage: ({ event }) => event.output.message, passwordErrors: {} }),
                        { type: 'loggedIn', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
                      ],
                    },
                    onError: {
                      target: 'editing',
                      actions: assign({ passwordErrors: ({ event }) => ({ form: failureText(event.error, PASSWORD_FAILED) }) }),
                    },
                  },
                },
              },
            },
            notifications: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'profile.setNotification': { target: 'saving', actions: 'setNotification' } },
                },
                saving: {
                  invoke: {
                    id: 'saveNotifications',
                    src: 'saveNotifications',
                    input: ({ event }) => {
                      const e = event as Extract<ProfileEvent, { type: 'profile.setNotification' }>;
                      return { setting: e.setting, value: e.value };
                    },
                    onDone: { target: 'idle', actions: assign({ profile: ({ event }) => event.output.user }) },
                    onError: {
                      target: 'idle',
                      actions: [
                        // Back to what the server holds.
                        assign(({ context }) =>
                          produce(context, (draft) => {
                            if (draft.profile && context.savedNotifications) draft.profile.notifications = context.savedNotifications;
                          }),
                        ),
                        { type: 'showToast', params: ({ event }) => toast(event.error, SAVE_FAILED) },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
        follow: {
          initial: 'idle',
          states: {
            idle: { on: { 'profile.toggleFollow': { guard: 'canFollow', target: 'changing', actions: 'flipFollow' } } },
            changing: {
              invoke: {
                id: 'changeFollow',
                src: 'changeFollow',
                input: ({ context }) => ({ userId: context.userId, follow: context.profile?.isFollowing ?? false }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'followChanged', params: ({ context, event }) => ({ userId: context.userId, following: event.output.following }) },
                },
                onError: {
                  target: 'idle',
                  actions: ['flipFollow', { type: 'showToast', params: ({ event }) => toast(event.error, FOLLOW_FAILED) }],
                },
              },
            },
          },
        },
        info: {
          initial: 'viewing',
          states: {
            viewing: { on: { 'profile.editInfo': { guard: 'isOwner', target: 'editing', actions: assign({ infoError: null }) } } },
            editing: {
              on: {
                'profile.cancelEdit': { target: 'viewing', actions: assign({ infoError: null }) },
                'profile.saveInfo': { target: 'saving' },
              },
            },
            saving: {
              invoke: {
                id: 'saveInfo',
                src: 'saveInfo',
                input: ({ event }) => (event as Extract<ProfileEvent, { type: 'profile.saveInfo' }>).info,
                onDone: { target: 'viewing', actions: assign({ profile: ({ event }) => event.output.user, infoError: null }) },
                onError: { target: 'editing', actions: assign({ infoError: ({ event }) => failureText(event.error, SAVE_FAILED) }) },
              },
            },
          },
        },
      },
    },
  },
});

export type ProfileActorRef = ActorRefFrom<typeof profileMachine>;
export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

export const selectTab = (s: ProfileSnapshot): ProfileTab => {
  for (const tab of PROFILE_TABS) if (s.matches({ ready: { tab } })) return tab;
  return 'timeline';
};
