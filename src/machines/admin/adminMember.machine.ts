import { assertEvent, assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { AdminMember, AdminMemberPosts, AdminMemberReports } from '../../api/moderation';
import { failureText } from '../shared/failure';
import { adminActionMachine, type AdminAction, type AdminActionActorRef, type AdminActionOutput } from './adminAction.machine';
import type { ToastRequest } from '../shell/toastRequest';

/** What the member page does to its member: a ban (reason required) or lifting one. */
export type MemberAction = Extract<AdminAction, { type: 'ban' } | { type: 'unban' }>;

export type AdminMemberEvent =
  | { type: 'member.retry' }
  | { type: 'member.act'; action: MemberAction }
  /** "Show more" under the reports about them, or under their posts. */
  | { type: 'member.moreReports' }
  | { type: 'member.morePosts' };

export interface AdminMemberContext {
  userId: string;
  member: AdminMember | null;
  error: string | null;
  /** The ban or unban whose dialog or request is running. */
  acting: MemberAction | null;
}

export const MEMBER_FAILED = 'Could not load this member. Please try again.';
export const MEMBER_ACTION_CRASHED = 'Something went wrong with that action. Please try again.';
export const MORE_REPORTS_FAILED = 'Could not load more reports. Please try again.';
export const MORE_POSTS_FAILED = 'Could not load more posts. Please try again.';

/** Items not already shown, by id (a page read after a refresh may overlap what is there). */
const appendNew = <T extends { _id: string }>(shown: T[], more: T[]) => {
  const ids = new Set(shown.map((item) => item._id));
  return [...shown, ...more.filter((item) => !ids.has(item._id))];
};

/**
 * One member's admin page (/admin/members/:id, GET /admin/member/{id}): the account and its ban,
 * the newest reports about them and posts by them, and the audit log about them, in one read;
 * a failure says why, with Try again. Ban and Unban run the one action dialog (adminAction, as the
 * lists do): its answer updates the account at once, a toast tells the admin, and the page is read
 * again behind it (the ban resolved the reports about them; the log has a new entry). "Show more"
 * under the reports or the posts reads their next page (GET /admin/member/{id}/reports|posts with
 * the cursor the page before answered) and appends it; a failure says so in a toast and keeps the list.
 */
export const adminMemberMachine = setup({
  types: {
    context: {} as AdminMemberContext,
    events: {} as AdminMemberEvent,
    input: {} as { userId: string },
  },
  actors: {
    /** Effect: GET /admin/member/{id}. */
    fetchMember: requiredPromise<AdminMember, { userId: string }>('fetchMember'),
    /** Effect: GET /admin/member/{id}/reports?cursor=. */
    fetchMoreReports: requiredPromise<AdminMemberReports, { userId: string; cursor: string }>('fetchMoreReports'),
    /** Effect: GET /admin/member/{id}/posts?cursor=. */
    fetchMorePosts: requiredPromise<AdminMemberPosts, { userId: string; cursor: string }>('fetchMorePosts'),
    /** The action dialog, with its request provided by the effects. */
    action: adminActionMachine,
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    takeMember: assign(({ event }) => ({ member: (event as unknown as { output: AdminMember }).output, error: null })),
    appendReports: assign(({ context, event }) => {
      const { reports, nextCursor } = (event as unknown as { output: AdminMemberReports }).output;
      const member = context.member!;
      return { member: { ...member, reports: appendNew(member.reports, reports), reportsNextCursor: nextCursor } };
    }),
    appendPosts: assign(({ context, event }) => {
      const { posts, nextCursor } = (event as unknown as { output: AdminMemberPosts }).output;
      const member = context.member!;
      return { member: { ...member, posts: appendNew(member.posts, posts), postsNextCursor: nextCursor } };
    }),
  },
  guards: {
    /** A ban of a member not banned (and not an admin), or an unban of a banned one: this page's member only. */
    canAct: ({ context, event }) => {
      assertEvent(event, 'member.act');
      const user = context.member?.user;
      if (!user || event.action.userId !== user._id) return false;
      return event.action.type === 'ban' ? !user.isBanned && user.role !== 'ADMIN' : user.isBanned;
    },
    hasMoreReports: ({ context }) => Boolean(context.member?.reportsNextCursor),
    hasMorePosts: ({ context }) => Boolean(context.member?.postsNextCursor),
    actionDone: ({ event }) => (event as unknown as { output: AdminActionOutput }).output.outcome === 'done',
    actionFailed: ({ event }) => (event as unknown as { output: AdminActionOutput }).output.outcome === 'failed',
  },
}).createMachine({
  id: 'adminMember',
  context: ({ input }) => ({ userId: input.userId, member: null, error: null, acting: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchMember',
        src: 'fetchMember',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: 'takeMember' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, MEMBER_FAILED) }) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'member.act': { guard: 'canAct', target: 'acting', actions: assign({ acting: ({ event }) => event.action }) },
            'member.moreReports': { guard: 'hasMoreReports', target: 'loadingMoreReports' },
            'member.morePosts': { guard: 'hasMorePosts', target: 'loadingMorePosts' },
          },
        },
        loadingMoreReports: {
          invoke: {
            id: 'fetchMoreReports',
            src: 'fetchMoreReports',
            input: ({ context }) => ({ userId: context.userId, cursor: context.member!.reportsNextCursor! }),
            onDone: { target: 'idle', actions: 'appendReports' },
            onError: { target: 'idle', actions: { type: 'showToast', params: { type: 'error', description: MORE_REPORTS_FAILED } } },
          },
        },
        loadingMorePosts: {
          invoke: {
            id: 'fetchMorePosts',
            src: 'fetchMorePosts',
            input: ({ context }) => ({ userId: context.userId, cursor: context.member!.postsNextCursor! }),
            onDone: { target: 'idle', actions: 'appendPosts' },
            onError: { target: 'idle', actions: { type: 'showToast', params: { type: 'error', description: MORE_POSTS_FAILED } } },
          },
        },
        acting: {
          invoke: {
            id: 'action',
            src: 'action',
            input: ({ context }) => ({ action: context.acting! }),
            onDone: [
              {
                guard: 'actionDone',
                target: 'refreshing',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const output = (event as unknown as { output: Extract<AdminActionOutput, { outcome: 'done' }> }).output;
                  const { result } = output;
                  // The answer's account at once; the rest (reports resolved, the new log entry) from the read behind.
                  const changed = result.changes.find((change) => change.type === 'user');
                  if (changed && context.member) enqueue.assign({ member: { ...context.member, user: changed.user } });
                  enqueue.assign({ acting: null });
                  enqueue({ type: 'showToast', params: { type: 'success', description: result.message } });
                  if (result.warning) enqueue({ type: 'showToast', params: { type: 'warning', description: result.warning } });
                }),
              },
              {
                guard: 'actionFailed',
                target: 'idle',
                actions: enqueueActions(({ event, enqueue }) => {
                  const output = (event as unknown as { output: Extract<AdminActionOutput, { outcome: 'failed' }> }).output;
                  enqueue.assign({ acting: null });
                  enqueue({ type: 'showToast', params: { type: 'error', description: output.message } });
                }),
              },
              { target: 'idle', actions: assign({ acting: null }) },
            ],
            onError: {
              target: 'idle',
              actions: [assign({ acting: null }), { type: 'showToast', params: { type: 'error', description: MEMBER_ACTION_CRASHED } }],
            },
          },
        },
        /** Read again behind what is shown; a failure keeps it. */
        refreshing: {
          invoke: {
            id: 'fetchMember',
            src: 'fetchMember',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'idle', actions: 'takeMember' },
            onError: { target: 'idle' },
          },
        },
      },
    },
    failed: {
      on: { 'member.retry': 'loading' },
    },
  },
});

export type AdminMemberActorRef = ActorRefFrom<typeof adminMemberMachine>;
export type AdminMemberSnapshot = SnapshotFrom<typeof adminMemberMachine>;

/** The running ban or unban dialog, when there is one. */
export const selectMemberActionRef = (s: AdminMemberSnapshot) => s.children.action as AdminActionActorRef | undefined;
