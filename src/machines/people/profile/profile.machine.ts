import { produce } from 'immer';
import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BlockResponse, FollowResponse, UsersList } from '../../../api/users/follows';
import type { UserImages } from '../../../api/media';
import type { AnswersPage } from '../../../api/posts';
import type { BasicInfo, NotificationType, Profile, ProfileUpdateResponse } from '../../../api/users';
import { changePasswordMachine } from '../../auth/changePassword.machine';
import { defined } from '../../shared/defined';
import { failureText } from '../../shared/failure';
import { requiredPromise } from '../../shared/required';
import type { ToastRequest } from '../../shell/toastRequest';
import { BLOCK_FAILED, FOLLOW_FAILED, LIST_FAILED, PROFILE_FAILED, SAVE_FAILED, UNBLOCK_FAILED } from './profile.copy';
import {
  OWNER_TABS,
  PROFILE_TABS,
  type PeoplePageInput,
  type ProfileContext,
  type ProfileEvent,
  type ProfilePage,
  type ProfileTab,
} from './profile.types';
import { profileHobbiesMachine } from './profileHobbies.machine';
import { profileImageMachine } from './profileImage.machine';
import { profileLinksMachine } from './profileLinks.machine';
import { reportMachine } from '../../moderation/report.machine';

export * from './profile.types';
export * from './profile.copy';

/** The member shown: the states that act on it are only entered once it has loaded. */
const shownProfile = (context: Pick<ProfileContext, 'profile'>) => defined(context.profile, 'the loaded profile');

const empty = (userId: string): ProfileContext => ({
  userId,
  profile: null,
  keptAt: null,
  error: null,
  followers: null,
  following: null,
  gallery: null,
  answers: null,
  answersTotal: 0,
  answersPage: 0,
  listError: null,
  infoError: null,
  infoDraft: { work: '', school: '', location: '', quote: '' },
  savedNotifications: null,
});

/** The next page under the ones shown: someone already listed (a follow made meanwhile shifts pages) is not listed twice. */
export function appendPeople(shown: UsersList | null, next: UsersList): UsersList {
  const ids = new Set((shown?.users ?? []).map((u) => u._id));
  return {
    users: [...(shown?.users ?? []), ...next.users.filter((u) => !ids.has(u._id))],
    count: shown?.count ?? next.count,
    nextCursor: next.nextCursor,
  };
}

const toast = (error: unknown, fallback: string): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });

const success = (description: string): ToastRequest => ({ type: 'success', description });

/**
 * One member's profile page: the banner (counts, follow), tabs (Timeline, Replied, Followers,
 * Following, Gallery; the owner also Change Password and Notifications). The owner edits basic
 * info here and, through child machines that end with the updated profile, the profile picture
 * and cover, social links and hobbies. A visitor reports the member (a child machine) or blocks
 * them; a blocked member's profile is left for a page that offers to unblock.
 * The Change Password tab runs changePassword.machine (its fresh token goes to the session there).
 * When the server cannot be reached, the member is the copy kept on this device (`keptAt`).
 */
const profileSetup = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { userId: string },
  },
  actors: {
    fetchProfile: requiredPromise<ProfilePage, { userId: string }>('fetchProfile'),
    /** Effect: GET /user/followers/{userId}?cursor= (a page; the first one counts the list). */
    fetchFollowers: requiredPromise<UsersList, PeoplePageInput>('fetchFollowers'),
    /** Effect: GET /user/following/{userId}?cursor=. */
    fetchFollowing: requiredPromise<UsersList, PeoplePageInput>('fetchFollowing'),
    fetchGallery: requiredPromise<UserImages, { userId: string }>('fetchGallery'),
    changeFollow: requiredPromise<FollowResponse, { userId: string; follow: boolean }>('changeFollow'),
    saveInfo: requiredPromise<ProfileUpdateResponse, BasicInfo>('saveInfo'),
    saveNotifications: requiredPromise<ProfileUpdateResponse, { setting: NotificationType; value: boolean }>('saveNotifications'),
    fetchAnswers: requiredPromise<AnswersPage, { userId: string; page: number }>('fetchAnswers'),
    blockMember: requiredPromise<BlockResponse, { userId: string }>('blockMember'),
    unblockMember: requiredPromise<BlockResponse, { userId: string }>('unblockMember'),
    imageUpload: profileImageMachine,
    linksForm: profileLinksMachine,
    hobbiesForm: profileHobbiesMachine,
    reportForm: reportMachine,
    passwordForm: changePasswordMachine,
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: every list on screen marks the member as followed or not. */
    followChanged: (_, _change: { userId: string; following: boolean }) => {},
    /** Effect: every list on screen drops the member's posts. */
    blocked: (_, _change: { userId: string }) => {},
    /** Effect: the session's member shows the new picture everywhere (`session.updateProfile`). */
    pictureChanged: (_, _change: { profilePicture: string }) => {},
    /** A child form ended: its profile (none when cancelled) replaces the shown one. */
    takeProfile: assign(({ context }, profile: Profile | null) => ({ profile: profile ?? context.profile })),
    flipFollow: assign(({ context }) =>
      produce(context, (draft) => {
        if (!draft.profile) return;
        draft.profile.isFollowing = !draft.profile.isFollowing;
        draft.profile.followersCount += draft.profile.isFollowing ? 1 : -1;
      }),
    ),
    setNotification: assign(({ context, event }) =>
      produce(context, (draft) => {
        assertEvent(event, 'profile.setNotification');
        if (!draft.profile?.notifications) return;
        draft.savedNotifications = { ...draft.profile.notifications };
        draft.profile.notifications[event.setting] = event.value;
      }),
    ),
  },
  guards: {
    isOwner: ({ context }) => context.profile?.isOwner === true,
    tabAllowed: ({ context, event }, { tab }: { tab: ProfileTab }) => {
      assertEvent(event, 'profile.tab');
      return event.tab === tab && (!OWNER_TABS.includes(tab) || context.profile?.isOwner === true);
    },
    isVisitor: ({ context }) => context.profile !== null && !context.profile.isOwner,
    moreAnswers: ({ context }) => (context.answers?.length ?? 0) < context.answersTotal,
    moreFollowers: ({ context }) => Boolean(context.followers?.nextCursor),
    moreFollowing: ({ context }) => Boolean(context.following?.nextCursor),
    /** The image child ended with a saved picture (not cancelled). */
    uploaded: ({ event }) => (event as { output?: { profile: Profile | null } }).output?.profile != null,
  },
});

/**
 * Followers or Following: the first page (with the count), then page after page on
 * `profile.more` while the server names a next cursor. A failed later page keeps what is shown.
 */
const peopleTab = (which: 'followers' | 'following') => {
  const src = which === 'followers' ? 'fetchFollowers' : 'fetchFollowing';
  return profileSetup.createStateConfig({
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: src,
          src,
          input: ({ context }) => ({ userId: context.userId }),
          onDone: {
            target: 'ready',
            actions: assign({ [which]: ({ event }: { event: { output: UsersList } }) => event.output, listError: null }),
          },
          onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureText(event.error, LIST_FAILED) }) },
        },
      },
      ready: { on: { 'profile.more': { guard: which === 'followers' ? 'moreFollowers' : 'moreFollowing', target: 'loadingMore' } } },
      loadingMore: {
        invoke: {
          id: `${src}More`,
          src,
          input: ({ context }) => ({ userId: context.userId, cursor: context[which]?.nextCursor ?? undefined }),
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => ({ [which]: appendPeople(context[which], event.output) })),
          },
          onError: { target: 'ready', actions: { type: 'showToast', params: ({ event }) => toast(event.error, LIST_FAILED) } },
        },
      },
      failed: { on: { 'profile.retry': { target: 'loading' } } },
    },
  });
};

export const profileMachine = profileSetup.createMachine({
  id: 'profile',
  context: ({ input }) => empty(input.userId),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready',
          actions: assign({ profile: ({ event }) => event.output.user, keptAt: ({ event }) => event.output.keptAt ?? null, error: null }),
        },
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
            replied: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchAnswers',
                    src: 'fetchAnswers',
                    input: ({ context }) => ({ userId: context.userId, page: 1 }),
                    onDone: {
                      target: 'ready',
                      actions: assign({
                        answers: ({ event }) => event.output.answers,
                        answersTotal: ({ event }) => event.output.totalAnswers,
                        answersPage: 1,
                        listError: null,
                      }),
                    },
                    onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureText(event.error, LIST_FAILED) }) },
                  },
                },
                ready: { on: { 'profile.more': { guard: 'moreAnswers', target: 'loadingMore' } } },
                loadingMore: {
                  invoke: {
                    id: 'fetchMoreAnswers',
                    src: 'fetchAnswers',
                    input: ({ context }) => ({ userId: context.userId, page: context.answersPage + 1 }),
                    onDone: {
                      target: 'ready',
                      actions: assign(({ context, event }) => {
                        // An answer written meanwhile shifts the pages: one already shown is not shown twice.
                        const shown = new Set((context.answers ?? []).map((a) => a._id));
                        return {
                          answers: [...(context.answers ?? []), ...event.output.answers.filter((a) => !shown.has(a._id))],
                          answersTotal: event.output.totalAnswers,
                          answersPage: context.answersPage + 1,
                        };
                      }),
                    },
                    onError: { target: 'ready', actions: { type: 'showToast', params: ({ event }) => toast(event.error, LIST_FAILED) } },
                  },
                },
                failed: { on: { 'profile.retry': { target: 'loading' } } },
              },
            },
            followers: peopleTab('followers'),
            following: peopleTab('following'),
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
            /** The form is its own machine (changePassword.machine), running while the tab is open. */
            password: { invoke: { id: 'passwordForm', src: 'passwordForm' } },
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
                      assertEvent(event, 'profile.setNotification');
                      return { setting: event.setting, value: event.value };
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
            idle: { on: { 'profile.toggleFollow': { guard: 'isVisitor', target: 'changing', actions: 'flipFollow' } } },
            changing: {
              invoke: {
                id: 'changeFollow',
                src: 'changeFollow',
                input: ({ context }) => ({ userId: context.userId, follow: context.profile?.isFollowing ?? false }),
                onDone: {
                  target: 'idle',
                  actions: {
                    type: 'followChanged',
                    params: ({ context, event }) => ({ userId: context.userId, following: event.output.following }),
                  },
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
            viewing: {
              on: {
                'profile.editInfo': {
                  guard: 'isOwner',
                  target: 'editing',
                  actions: assign({ infoError: null, infoDraft: ({ context }) => ({ ...shownProfile(context).basicInfo }) }),
                },
              },
            },
            editing: {
              on: {
                'profile.infoChange': {
                  actions: assign({ infoDraft: ({ context, event }) => ({ ...context.infoDraft, [event.field]: event.value }) }),
                },
                'profile.cancelEdit': { target: 'viewing', actions: assign({ infoError: null }) },
                'profile.saveInfo': { target: 'saving' },
              },
            },
            saving: {
              invoke: {
                id: 'saveInfo',
                src: 'saveInfo',
                input: ({ context }) => context.infoDraft,
                onDone: { target: 'viewing', actions: assign({ profile: ({ event }) => event.output.user, infoError: null }) },
                onError: { target: 'editing', actions: assign({ infoError: ({ event }) => failureText(event.error, SAVE_FAILED) }) },
              },
            },
          },
        },
        image: {
          initial: 'idle',
          states: {
            idle: { on: { 'profile.chooseImage': { guard: 'isOwner', target: 'open' } } },
            open: {
              invoke: {
                id: 'imageUpload',
                src: 'imageUpload',
                input: ({ event }) => {
                  assertEvent(event, 'profile.chooseImage');
                  return { kind: event.kind, dataUrl: event.dataUrl };
                },
                onDone: [
                  {
                    guard: 'uploaded',
                    target: 'idle',
                    actions: [
                      { type: 'takeProfile', params: ({ event }) => event.output.profile },
                      {
                        type: 'pictureChanged',
                        params: ({ event }) => ({ profilePicture: defined(event.output.profile, 'the saved profile').profilePicture }),
                      },
                    ],
                  },
                  { target: 'idle' },
                ],
              },
            },
          },
        },
        links: {
          initial: 'viewing',
          states: {
            viewing: { on: { 'profile.editLinks': { guard: 'isOwner', target: 'editing' } } },
            editing: {
              invoke: {
                id: 'linksForm',
                src: 'linksForm',
                input: ({ context }) => ({ links: shownProfile(context).social }),
                onDone: { target: 'viewing', actions: { type: 'takeProfile', params: ({ event }) => event.output.profile } },
              },
            },
          },
        },
        hobbies: {
          initial: 'viewing',
          states: {
            viewing: { on: { 'profile.editHobbies': { guard: 'isOwner', target: 'editing' } } },
            editing: {
              invoke: {
                id: 'hobbiesForm',
                src: 'hobbiesForm',
                input: ({ context }) => ({ hobbies: shownProfile(context).hobbies }),
                onDone: { target: 'viewing', actions: { type: 'takeProfile', params: ({ event }) => event.output.profile } },
              },
            },
          },
        },
        report: {
          initial: 'closed',
          states: {
            closed: { on: { 'profile.report': { guard: 'isVisitor', target: 'open' } } },
            open: {
              invoke: {
                id: 'reportForm',
                src: 'reportForm',
                input: ({ context }) => ({
                  subject: { kind: 'profile' as const, userId: context.userId },
                  username: shownProfile(context).username,
                }),
                onDone: 'closed',
              },
            },
          },
        },
        block: {
          initial: 'idle',
          states: {
            idle: { on: { 'profile.askBlock': { guard: 'isVisitor', target: 'confirming' } } },
            confirming: { on: { 'profile.cancelBlock': 'idle', 'profile.confirmBlock': 'blocking' } },
            blocking: {
              invoke: {
                id: 'blockMember',
                src: 'blockMember',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: {
                  target: '#profile.blocked',
                  actions: [
                    // A block ends the follows both ways.
                    assign(({ context }) =>
                      produce(context, (draft) => {
                        if (!draft.profile) return;
                        if (draft.profile.isFollowing) draft.profile.followersCount -= 1;
                        if (draft.profile.followsYou) draft.profile.followingCount -= 1;
                        draft.profile.isFollowing = false;
                        draft.profile.followsYou = false;
                      }),
                    ),
                    { type: 'blocked', params: ({ context }) => ({ userId: context.userId }) },
                    { type: 'showToast', params: ({ context }) => success(`You blocked ${shownProfile(context).username}`) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error, BLOCK_FAILED) } },
              },
            },
          },
        },
      },
    },
    blocked: {
      initial: 'idle',
      states: {
        idle: { on: { 'profile.unblock': 'unblocking' } },
        unblocking: {
          invoke: {
            id: 'unblockMember',
            src: 'unblockMember',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: '#profile.loading',
              actions: { type: 'showToast', params: ({ context }) => success(`You unblocked ${shownProfile(context).username}`) },
            },
            onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error, UNBLOCK_FAILED) } },
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
