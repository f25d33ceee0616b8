import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CREATE_FAILED,
  CREATED,
  createGroupMachine,
  GROUPS_HREF,
  INVITE_SEARCH_DELAY_MS,
  REDIRECT_DELAY_MS,
  selectSearch,
  UPLOAD_FAILED,
  type CreateGroupContext,
} from '../../../src/machines/groups/createGroup.machine';
import { groupChatSearchMachine } from '../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { ME, NAME_ERRORS, PNG, createGroupModel, model, serialize, user } from './createGroup.model';

const coverage = new TransitionCoverage(createGroupMachine);

interface Effects {
  toasts: { type: string; description: string }[];
  navigations: string[];
}

describe('create group machine', () => {
  const paths = pathsOf(createGroupModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx: Effects = { toasts: [], navigations: [] };
    let before: CreateGroupContext | null = null;
    await replay(createGroupMachine, path, {
      coverage,
      input: model.input,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void fx.toasts.push(t),
          navigate: (_: unknown, p: { to: string }) => void fx.navigations.push(p.to),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: CreateGroupContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          matches(v: unknown): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & Record<string, unknown>;
        const prev = before;
        before = c;
        switch (e.type) {
          case 'group.name':
            expect(c.errors.name).toBe(NAME_ERRORS[e.value as string]);
            break;
          case 'group.category':
            expect(c.errors.category).toBe(c.categories.length ? null : 'At least one category is required');
            break;
          case 'group.tagRemove':
            expect(c.tags).not.toContain('reading');
            expect(c.errors.tag).toBe(c.tags.length ? null : 'At least one tag is required');
            break;
          case 'group.tagAdd':
            // Trimmed, non-empty, no duplicates (any case).
            expect(c.tags.every((tag) => tag === tag.trim() && tag !== '')).toBe(true);
            expect(new Set(c.tags.map((tag) => tag.toLowerCase())).size).toBe(c.tags.length);
            break;
          case 'group.submit':
            if (snapshot.matches({ form: 'editing' })) {
              expect(c.errors).toEqual({
                name: NAME_ERRORS[c.name] ?? null,
                category: c.categories.length ? null : 'At least one category is required',
                tag: c.tags.length ? null : 'At least one tag is required',
              });
            } else {
              expect(snapshot.children.createGroup?.getSnapshot().input).toEqual({
                name: 'Book Club',
                description: c.description,
                privacy: c.privacy,
                members: [],
                tags: [expect.stringMatching(/^reading$/i)],
                category: ['Books'],
                profileImage: '',
              });
            }
            break;
          case 'group.cancel':
            expect(fx.navigations.at(-1)).toBe(GROUPS_HREF);
            break;
          case 'group.invite': {
            const member = c.invited.find((m) => m.userId === 'u2');
            if (prev?.invited.some((m) => m.userId === 'u2')) expect(member).toBeUndefined();
            else
              expect(member).toEqual({
                userId: 'u2',
                username: 'member-u2',
                avatarColor: '#123456',
                profilePicture: '',
                joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
                role: 'member',
                joinedBy: 'invited',
                status: 'pending',
                invitedBy: ME,
              });
            break;
          }
          case 'xstate.error.actor.uploadImage':
            expect(fx.toasts.at(-1)).toEqual({ type: 'error', description: e.error instanceof Error ? 'Image too large' : UPLOAD_FAILED });
            expect(c.preview).toBe('');
            break;
          case 'xstate.error.actor.createGroup':
            expect(fx.toasts.at(-1)).toEqual({
              type: 'error',
              description: (e.error as { data?: { message?: string } }).data?.message ?? CREATE_FAILED,
            });
            break;
          case 'xstate.done.actor.createGroup':
            expect(fx.toasts.at(-1)).toEqual({ type: 'success', description: CREATED });
            expect(fx.navigations).toEqual([]);
            break;
          default:
            if (e.type.startsWith('xstate.after.') && snapshot.matches({ form: 'done' })) {
              expect(fx.navigations).toEqual([`/app/social/group/${c.groupId}`]);
            }
        }
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('createGroup', stateCount(createGroupMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('create group flows', () => {
  beforeEach(() => void vi.useFakeTimers());

  it('waits 500 ms after the last keystroke, and submits invited members and the uploaded image', async () => {
    const searched: string[] = [];
    const bodies: unknown[] = [];
    let finishUpload: (v: { url: string }) => void = () => {};
    const navigations: string[] = [];
    const actor = createActor(
      createGroupMachine.provide({
        actors: {
          search: groupChatSearchMachine.provide({
            actors: {
              searchUsers: fromPromise(async ({ input }: { input: { query: string } }) => {
                searched.push(input.query);
                return { search: [user(ME), user('u2'), user('u3', { profilePicture: 'p.png' })] };
              }),
            },
          }),
          uploadImage: fromPromise(() => new Promise<{ url: string }>((resolve) => (finishUpload = resolve))),
          createGroup: fromPromise(async ({ input }) => {
            bodies.push(input);
            return { group: { _id: 'g9' } };
          }),
        },
        actions: { navigate: (_: unknown, p: { to: string }) => void navigations.push(p.to) },
      }),
      { input: { currentUserId: ME } },
    ).start();
    // The search child: started with the creator left out, it waits for a pause in typing.
    const search = selectSearch(actor.getSnapshot())!;
    expect(search.getSnapshot().context.exclude).toEqual([ME]);
    search.send({ type: 'search.query', query: 'm' });
    await vi.advanceTimersByTimeAsync(400);
    search.send({ type: 'search.query', query: 'me' });
    await vi.advanceTimersByTimeAsync(INVITE_SEARCH_DELAY_MS - 1);
    expect(searched).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(searched).toEqual(['me']);
    const results = search.getSnapshot().context.results;
    expect(results.map((u) => u._id)).toEqual(['u2', 'u3']);
    actor.send({ type: 'group.invite', user: results[1] });
    // Selected: still shown (to unselect); the next search leaves out whoever is invited.
    expect(search.getSnapshot().context.exclude).toEqual([ME, 'u3']);
    expect(search.getSnapshot().context.results.map((u) => u._id)).toEqual(['u2', 'u3']);
    search.send({ type: 'search.query', query: 'm' });
    await vi.advanceTimersByTimeAsync(INVITE_SEARCH_DELAY_MS);
    expect(search.getSnapshot().context.results.map((u) => u._id)).toEqual(['u2']);
    actor.send({ type: 'group.name', value: 'Éclair Club 2' });
    actor.send({ type: 'group.privacy', privacy: 'private' });
    actor.send({ type: 'group.category', category: 'Food & Cooking' });
    actor.send({ type: 'group.tagDraft', value: 'baking' });
    actor.send({ type: 'group.tagAdd' });
    actor.send({ type: 'group.image', dataUrl: PNG });
    // Searching again while the image uploads leaves the upload and the form as they are.
    const uploads = () => (actor.getSnapshot().children as Record<string, unknown>).uploadImage;
    const uploading = uploads();
    search.send({ type: 'search.query', query: 'mo' });
    search.send({ type: 'search.query', query: '' });
    expect(actor.getSnapshot().matches({ image: 'uploading' })).toBe(true);
    expect(uploads()).toBe(uploading);
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Éclair Club 2', tags: ['baking'], preview: PNG });
    // Not while the image is still uploading.
    actor.send({ type: 'group.submit' });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    finishUpload({ url: '/media/image/upload/x.png' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'group.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toEqual([
      {
        name: 'Éclair Club 2',
        description: '',
        privacy: 'private',
        members: [expect.objectContaining({ userId: 'u3', profilePicture: 'p.png', avatarColor: '#000000', invitedBy: ME })],
        tags: ['baking'],
        category: ['Food & Cooking'],
        profileImage: '/media/image/upload/x.png',
      },
    ]);
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1);
    expect(navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(navigations).toEqual(['/app/social/group/g9']);
    actor.stop();
  });
});
