import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { EMPTY_POST, POST_TEXT_MAX } from '../../../src/api/posts';
import { POST_PENDING } from '../../../src/api/groups/words';
import {
  composerMachine,
  DEFAULT_BG_COLOR,
  DELETE_FAILED,
  EMPTY_QUESTION,
  GIF_NOT_HTTPS,
  MEDIA_RULES,
  PUBLISH_FAILED,
  queuedText,
  READ_FAILED,
  selectModalState,
  tooLong,
  type ComposerContext,
  type ComposerEmitted,
  type PublishRequest,
} from '../../../src/machines/composer/composer.machine';
import { emptyRefused, notYours, published, textPost } from './composerFixtures';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { clientIdOf } from '../../../src/machines/shared/clientIds';
import { SEND_RETRIES } from '../../../src/machines/shared/sendRetry';
import { CHOSEN_TOPICS_MAX, type Topic } from '../../../src/api/posts/topics';
import { CLIENT_SEED } from '../../fixtures/streams';
import { NO_ANSWER, composerModel, input, serialize } from './composer.model';
import type { OutboxHandOff } from '../../../src/machines/offline/outbox.types';

/** The request kind a draft must become, worked out independently of the machine's code. */
function expectedKind(c: ComposerContext): PublishRequest['kind'] {
  if (c.type === 'createquestion') return 'createQuestion';
  if (c.group) return 'createGroupPost';
  if (c.type === 'editpost') {
    if (c.data?.kind === 'question') return 'updatePost';
    if (c.draft.image.startsWith('data:')) return 'updateImagePost';
    if (c.draft.video.startsWith('data:')) return 'updateVideoPost';
    return 'updatePost';
  }
  if (c.draft.image) return 'createImagePost';
  if (c.draft.video) return 'createVideoPost';
  return 'createPost';
}

const coverage = new TransitionCoverage(composerMachine);
let pathCount = 0;

describe.each(composerModel.covers)('composer machine: $label', ({ label }) => {
  const paths = pathsOf(composerModel, label);
  pathCount += paths.length;
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const emitted: ComposerEmitted[] = [];
    const handOffs: OutboxHandOff[] = [];
    let subscribed = false;
    let before: ComposerContext | null = null;
    let previous = path.steps[0].state.context as ComposerContext;
    let sentAgain = 0;
    let lastRequest: PublishRequest | null = null;
    await replay(composerMachine, path, {
      input,
      serialize,
      coverage,
      provide: {
        actions: {
          showToast: (_: unknown, toast: { type: string; description: string }) => void toasts.push(toast),
          toOutbox: (_: unknown, handOff: OutboxHandOff) => void handOffs.push(handOff),
        },
      },
      afterStep: (step, actor) => {
        if (!subscribed) {
          subscribed = true;
          actor.on('*', (event: ComposerEmitted) => void emitted.push(event));
        }
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const c = snapshot.context as ComposerContext;
        const event = step.event as ModelEvent & { error?: unknown; output?: unknown };
        const modal = selectModalState(snapshot as never);

        // The spec's modal state follows the chart.
        expect(modal.isOpen).toBe(snapshot.matches('open') || snapshot.matches('submitting') || snapshot.matches('waitingToRetry'));
        expect(modal.feelingsIsOpen).toBe(snapshot.matches({ open: 'feelings' }));
        expect(modal.openFileDialog).toBe(snapshot.matches({ open: 'imageDialog' }));
        expect(modal.openVideoDialog).toBe(snapshot.matches({ open: 'videoDialog' }));
        expect(modal.gifModalIsOpen).toBe(snapshot.matches({ open: 'gifDialog' }));
        expect(modal.deleteDialogIsOpen).toBe(snapshot.matches('deleteDialog'));
        expect(modal.feeling).toBe(c.draft.feelings);
        expect(modal.image).toBe(c.draft.image);
        if (snapshot.matches('closed')) {
          // Closing resets every flag, the feeling, the image and the data; the type is createquestion again.
          expect(modal).toEqual({
            type: 'createquestion',
            isOpen: false,
            feeling: '',
            image: '',
            data: null,
            feelingsIsOpen: false,
            openFileDialog: false,
            openVideoDialog: false,
            gifModalIsOpen: false,
            reactionsModalIsOpen: false,
            commentsModalIsOpen: false,
            deleteDialogIsOpen: false,
            deleteDialogType: '',
          });
          expect(c.draft.post).toBe('');
          expect(c.error).toBeNull();
        }
        if (snapshot.matches('deleteDialog')) expect(modal.deleteDialogType).toBe(c.data!.kind);

        // One attachment at most, and a background only without one.
        const attached = [c.draft.image, c.draft.video, c.draft.gifUrl].filter(Boolean);
        expect(attached.length).toBeLessThanOrEqual(1);
        if (attached.length) expect(c.draft.bgColor).toBe(DEFAULT_BG_COLOR);
        if (c.draft.gifUrl) expect(c.draft.gifUrl.startsWith('https://')).toBe(true);
        expect(['Public', 'Followers', 'Private']).toContain(c.draft.privacy);

        // Topics: each once, never more than three, none on a question.
        expect(new Set(c.topics).size).toBe(c.topics.length);
        expect(c.topics.length).toBeLessThanOrEqual(CHOSEN_TOPICS_MAX);
        if (c.type === 'createquestion' || c.data?.kind === 'question') expect(c.topics).toEqual([]);
        if (snapshot.matches('closed')) expect(c.topics).toEqual([]);
        if (event.type === 'composer.topics.toggle') {
          const topic = (event as unknown as { topic: Topic }).topic;
          const questionNow = c.type === 'createquestion' || c.data?.kind === 'question';
          if (previous.topics.includes(topic)) expect(c.topics).toEqual(previous.topics.filter((t) => t !== topic));
          else if (!questionNow && previous.topics.length < CHOSEN_TOPICS_MAX) expect(c.topics).toEqual([...previous.topics, topic]);
          // The fourth (or any on a question) changes nothing.
          else expect(c).toEqual(previous);
        }
        if (event.type === 'composer.draft.clear') expect(c.topics).toEqual([]);
        if (event.type === 'composer.edit') {
          const source = (event as unknown as { post: typeof textPost }).post;
          expect(c.topics).toEqual(source.kind === 'question' ? [] : (source.chosenTopics ?? []));
          expect(c.type).toBe('editpost');
          expect(c.draft).toEqual({
            post: source.post,
            bgColor: source.bgColor,
            privacy: source.privacy,
            feelings: source.feelings,
            gifUrl: source.gifUrl,
            image: source.image,
            imageAlt: source.imageAlt,
            video: source.video,
          });
        }
        if (event.type === 'composer.submit') {
          if (snapshot.matches('submitting')) {
            before = previous;
            const child = snapshot.children.publish as { getSnapshot(): { input: PublishRequest } };
            const request = child.getSnapshot().input;
            lastRequest = request;
            expect(request.kind).toBe(expectedKind(c));
            expect(request.body.post).toBe(c.draft.post);
            // A new post carries its client id: the one of the same send that did not go out, else a new one.
            if (request.kind.startsWith('create')) {
              const id = (request.body as { clientId?: string }).clientId;
              expect(id).toBe(c.sending!.clientId);
              expect(id).toBe(
                previous.unsent !== null && previous.unsent.request === c.sending!.request
                  ? previous.unsent.clientId
                  : clientIdOf(CLIENT_SEED, c.sent),
              );
            } else expect(request.body).not.toHaveProperty('clientId');
            if (request.kind === 'createGroupPost') {
              // Into the group it was opened for; the group decides who sees it.
              expect(request.groupId).toBe(c.group!.id);
              expect(request.body).not.toHaveProperty('privacy');
              if (c.draft.image) expect(request.body).toMatchObject({ image: c.draft.image, imageAlt: c.draft.imageAlt });
            } else expect(request.body.privacy).toBe(c.draft.privacy);
            if ('postId' in request) expect(request.postId).toBe(c.data!._id);
            // The marked topics, in the order marked: always on an edited post (unmarking sticks), on a new one when any.
            const sentTopics = (request.body as { topics?: Topic[] }).topics;
            if (request.kind === 'createQuestion' || c.data?.kind === 'question') expect(sentTopics).toBeUndefined();
            else if (request.kind.startsWith('update')) expect(sentTopics).toEqual(c.topics);
            else expect(sentTopics).toEqual(c.topics.length ? c.topics : undefined);
            // The format goes when it says something: Markdown on a new item, a change on an edit.
            const sendsFormat = c.format !== (c.data?.format ?? 'plain');
            expect((request.body as { format?: string }).format).toBe(sendsFormat ? c.format : undefined);
            if (request.kind === 'createQuestion' || (request.kind === 'updatePost' && c.data?.kind === 'question')) {
              expect(Object.keys(request.body).sort()).toEqual([
                ...(request.kind === 'createQuestion' ? ['clientId'] : []),
                ...(sendsFormat ? ['format'] : []),
                'post',
                'privacy',
              ]);
            }
            if (request.kind === 'createImagePost')
              expect(request.body).toMatchObject({ image: c.draft.image, imageAlt: c.draft.imageAlt });
            if (request.kind === 'createVideoPost') expect(request.body).toMatchObject({ video: c.draft.video });
            if (request.kind === 'createPost') expect(request.body).toMatchObject({ bgColor: c.draft.bgColor, gifUrl: c.draft.gifUrl });
            if (request.kind === 'updatePost' && c.data?.kind === 'post') {
              expect(request.body.removeImage).toBe(c.data.image !== '' && c.draft.image === '' ? true : undefined);
              expect(request.body.removeVideo).toBe(c.data.video !== '' && c.draft.video === '' ? true : undefined);
            }
          } else {
            // Refused on this side, worded as the server words it.
            const isQuestion = c.type === 'createquestion' || c.data?.kind === 'question';
            const expected =
              c.draft.post.length > POST_TEXT_MAX ? tooLong(isQuestion ? 'Question' : 'Post') : isQuestion ? EMPTY_QUESTION : EMPTY_POST;
            expect(c.error).toBe(expected);
          }
        }
        if (event.type === 'xstate.done.actor.publish') {
          const output = event.output as typeof published;
          expect(emitted.at(-1)).toEqual({ type: 'published', post: output, created: before!.type !== 'editpost' });
          expect(toasts.at(-1)?.type).toBe('success');
          // A member's group post is not in the group yet: they are told why.
          if (output.groupStatus === 'pending') expect(toasts.at(-1)?.description).toBe(POST_PENDING);
          else expect(toasts.at(-1)?.description).not.toBe(POST_PENDING);
          // Groups take posts, not questions.
          if (before!.type === 'createquestion') expect(before!.group).toBeNull();
        }
        if (event.type.startsWith('xstate.after.')) {
          // The same send again: the same request, the same client id.
          sentAgain += 1;
          const child = snapshot.children.publish as { getSnapshot(): { input: PublishRequest } };
          const again = child.getSnapshot().input;
          // An edit is a PUT (repeating it is harmless): it has no client id.
          if (again.kind.startsWith('create')) expect((again.body as { clientId?: string }).clientId).toBe(c.sending!.clientId);
          else expect(again.body).not.toHaveProperty('clientId');
          expect(again).toEqual(lastRequest);
        }
        if (event.type === 'xstate.error.actor.publish' && snapshot.matches('closed')) {
          // No server for a new post (of the member's stream or a group) or question: the outbox keeps
          // it, with its client id; the composer is done.
          const b = before!;
          expect(b.type).not.toBe('editpost');
          expect(b.draft.video).toBe('');
          const { clientId: _, image: __, ...sentBody } = lastRequest!.body as Record<string, unknown>;
          expect(handOffs.at(-1)).toEqual(
            b.group
              ? {
                  kind: 'groupPost',
                  clientId: previous.sending!.clientId,
                  payload: { groupId: b.group.id, groupName: b.group.name, body: sentBody, image: b.draft.image },
                }
              : {
                  kind: b.type === 'createquestion' ? 'question' : 'post',
                  clientId: previous.sending!.clientId,
                  payload: { body: sentBody, image: b.draft.image },
                },
          );
          expect(toasts.at(-1)).toEqual({ type: 'info', description: queuedText(b.type === 'createquestion' ? 'question' : 'post') });
          expect(emitted.filter((e) => e.type === 'published')).toHaveLength(
            path.steps.slice(0, path.steps.indexOf(step) + 1).filter((s) => s.event.type === 'xstate.done.actor.publish').length,
          );
        } else if (event.type === 'xstate.error.actor.publish' && snapshot.matches('waitingToRetry')) {
          expect(event.error).toBe(NO_ANSWER);
          expect(c.retries).toBeGreaterThan(0);
        } else if (event.type === 'xstate.error.actor.publish') {
          if (event.error === NO_ANSWER) expect([sentAgain, c.retries]).toEqual([SEND_RETRIES, SEND_RETRIES]);
          sentAgain = 0;
          // Nothing is lost: the draft is the one sent, the message is the server's.
          expect(c.draft).toEqual(before!.draft);
          expect(c.type).toBe(before!.type);
          expect(c.error).toBe(event.error === emptyRefused ? 'Post must not be empty' : PUBLISH_FAILED);
          expect(toasts.at(-1)).toEqual({ type: 'error', description: c.error });
        }
        if (event.type === 'xstate.done.actor.deletePost') {
          expect(emitted.at(-1)).toEqual({ type: 'deleted', postId: previous.data!._id });
          expect(toasts.at(-1)?.type).toBe('success');
        }
        if (event.type === 'xstate.error.actor.deletePost') {
          expect(c.error).toBe(event.error === notYours ? 'You can only delete your own posts' : DELETE_FAILED);
          expect(toasts.at(-1)).toEqual({ type: 'error', description: c.error });
          expect(c.data).toEqual(previous.data);
        }
        if (event.type === 'composer.gif.attach' && snapshot.matches({ open: 'gifDialog' })) expect(c.panelError).toBe(GIF_NOT_HTTPS);
        if (event.type === 'composer.image.choose' || event.type === 'composer.video.choose') {
          const file = (event as unknown as { file: { type: string; size: number } }).file;
          const rules = MEDIA_RULES[event.type === 'composer.image.choose' ? 'image' : 'video'];
          const expected = !rules.types.includes(file.type) ? rules.typeError : file.size > rules.maxBytes ? rules.sizeError : null;
          expect(c.panelError).toBe(expected);
        }
        if (event.type === 'xstate.error.actor.readMedia') expect(c.panelError).toBe(READ_FAILED);
        // Only a send that found no server reaches the outbox, once.
        expect(handOffs).toHaveLength(
          path.steps
            .slice(0, path.steps.indexOf(step) + 1)
            .filter((s, i, all) => s.event.type === 'xstate.error.actor.publish' && all[i].state.value === 'closed').length,
        );
        // Something is announced exactly once per success, never otherwise.
        const successes = path.steps
          .slice(0, path.steps.indexOf(step) + 1)
          .filter((s) => s.event.type === 'xstate.done.actor.publish' || s.event.type === 'xstate.done.actor.deletePost').length;
        expect(emitted).toHaveLength(successes);
        previous = c;
      },
    });
  });
});

afterAll(() => {
  console.log(`composer: ${pathCount} model paths`);
  console.log(coverage.summary('composer', stateCount(composerMachine)));
  expect(coverage.missed).toEqual([]);
});
