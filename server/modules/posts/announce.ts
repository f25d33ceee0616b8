import type { FastifyBaseLogger } from 'fastify';
import { serverEvents, type StreamEvent, type StreamEventPayloads } from '../../../src/api/socket';
import type { Fanout } from '../../realtime/fanout';
import { presentPost, seesEmail } from './present';
import type { PostStore } from './store';
import type { Viewer } from './visibility';

/**
 * Tells sockets about posts, always after the change is committed, and only the members the
 * visibility predicate names (PostStore.audience). A failure to announce is logged, never
 * turned into a failed request: the change itself has happened, and the cursor API lets a
 * client catch up.
 */
export function createPostAnnouncer(deps: { store: PostStore; fanout: Fanout; log: FastifyBaseLogger }) {
  const { store, fanout } = deps;
  const ADMIN: Viewer = { id: '', isAdmin: true };

  async function safely(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      deps.log.warn({ err: error }, `could not announce ${what}`);
    }
  }

  return {
    /** Who may see the post now; take it before a change that may narrow the audience. */
    audience: (postId: string) => store.audience(postId),

    /**
     * A new or changed post to everyone who may see it (with the e-mail only for the author and
     * admins); members who could see it before and no longer can are told it is gone.
     */
    postChanged: (postId: string, event: 'post added' | 'post updated', before: Viewer[] = []) =>
      safely(event, async () => {
        const row = await store.findVisible(ADMIN, postId);
        if (!row) return;
        const after = await store.audience(postId);
        const withEmail = after.filter((viewer) => seesEmail(viewer, row.user_id));
        const withoutEmail = after.filter((viewer) => !seesEmail(viewer, row.user_id));
        fanout.toUsers(withEmail.map((viewer) => viewer.id), event, { post: presentPost(row, ADMIN) });
        fanout.toUsers(withoutEmail.map((viewer) => viewer.id), event, { post: presentPost(row, { id: '', isAdmin: false }) });
        const still = new Set(after.map((viewer) => viewer.id));
        const gone = before.filter((viewer) => !still.has(viewer.id)).map((viewer) => viewer.id);
        fanout.toUsers(gone, serverEvents.postDeleted, { postId });
      }),

    postDeleted: (postId: string, before: Viewer[]) =>
      safely('post deleted', async () => fanout.toUsers(before.map((viewer) => viewer.id), serverEvents.postDeleted, { postId })),

    /** An event about a post (counts, comments) to its audience; `notBlockedWith` also leaves out members in a block with that member. */
    toAudience: <E extends StreamEvent>(postId: string, event: E, payload: StreamEventPayloads[E], notBlockedWith?: string) =>
      safely(event, async () => {
        const audience = await store.audience(postId, notBlockedWith);
        fanout.toUsers(audience.map((viewer) => viewer.id), event, payload);
      }),
  };
}

export type PostAnnouncer = ReturnType<typeof createPostAnnouncer>;
