import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { EMPTY_POST, POST_TEXT_MAX } from '../../src/api/posts';
import {
  composerMachine, DEFAULT_BG_COLOR, DELETE_FAILED, EMPTY_QUESTION, GIF_NOT_HTTPS, MEDIA_RULES, POST_PENDING, PUBLISH_FAILED,
  READ_FAILED, selectModalState, tooLong, type ComposerContext, type ComposerEmitted, type PublishRequest,
} from '../../src/machines/composer.machine';
import {
  bmpFile, emptyRefused, gifPost, groupPublished, groupPendingPublished, hugePng, IMAGE_DATA_URL, imagePost, movFile, mp4File, networkFailure, notYours, pngFile,
  published, question, textPost, topicPost, VIDEO_DATA_URL, videoPost,
} from './composerFixtures';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';
import { clientIdOf } from '../../src/machines/clientIds';
import { SEND_RETRIES } from '../../src/machines/sendRetry';
import { CHOSEN_TOPICS_MAX, type Topic } from '../../src/api/topics';
import { CLIENT_SEED, noAnswer } from '../fixtures/streams';

const input = { clientSeed: CLIENT_SEED };
const NO_ANSWER = noAnswer();

const LONG = 'a'.repeat(POST_TEXT_MAX + 1);
const text = (value: string): ModelEvent => ({ type: 'composer.draft.set', key: 'post', value });
const publishDone = { type: 'xstate.done.actor.publish', output: published };
const publishErrors = [
  { type: 'xstate.error.actor.publish', error: emptyRefused },
  { type: 'xstate.error.actor.publish', error: networkFailure },
];
const close = { type: 'composer.close' };

/**
 * A model state: the chart's state, the kind of composer and what the guards and the request
 * depend on. Text is empty, fine or too long; the panels' own fields count only inside them.
 */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as ComposerContext;
  const d = c.draft;
  const inPanel = snapshot.matches({ open: 'gifDialog' }) || snapshot.matches({ open: 'imageDialog' }) || snapshot.matches({ open: 'videoDialog' });
  const media = d.image
    ? `image:${d.image.startsWith('data:') ? 'new' : 'kept'}`
    : d.video
      ? `video:${d.video.startsWith('data:') ? 'new' : 'kept'}`
      : d.gifUrl
        ? 'gif'
        : 'none';
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    type: c.type,
    data: c.data?._id ?? null,
    text: d.post === '' ? 'empty' : d.post.length > POST_TEXT_MAX ? 'long' : 'ok',
    bg: d.bgColor === DEFAULT_BG_COLOR ? 'plain' : 'colour',
    privacy: d.privacy,
    media,
    error: c.error,
    gifInput: snapshot.matches({ open: 'gifDialog' }) ? (c.gifInput === '' ? '' : c.gifInput.startsWith('https:') ? 'https' : 'other') : null,
    panelError: inPanel ? c.panelError : null,
    group: c.group?.id ?? null,
    // A set in the model: the order marked only shows in the request, checked on submit.
    topics: [...c.topics].sort().join(','),
    retries: c.retries,
    unsent: c.unsent !== null,
  });
}

interface Scenario {
  name: string;
  events: ModelEvent[];
  ignore: string[];
  filter?: (snapshot: AnyMachineSnapshot, event: ModelEvent) => boolean;
}

const PANEL_EVENTS = [
  'composer.feelings.open', 'composer.feelings.select', 'composer.image.open', 'composer.image.choose', 'composer.video.open',
  'composer.video.choose', 'composer.gif.open', 'composer.gif.change', 'composer.gif.attach', 'composer.panel.close',
  'xstate.done.actor.readMedia', 'xstate.error.actor.readMedia', 'composer.media.remove',
];
const NOT_DELETE = [
  'composer.delete.open', 'composer.delete.confirm', 'xstate.done.actor.deletePost', 'xstate.error.actor.deletePost',
  // Topics have their own scenario; everywhere else they would only multiply the states.
  'composer.topics.toggle',
];
const GROUP = { id: 'g1', name: 'Harbour walkers' };

const scenarios: Scenario[] = [
  {
    name: 'a text post: text, background, privacy, feeling, clear, submit',
    events: [
      { type: 'composer.open', modalType: 'createpost' },
      text('Hello'),
      text(''),
      text(LONG),
      { type: 'composer.draft.set', key: 'bgColor', value: '#2196F3' },
      { type: 'composer.draft.set', key: 'privacy', value: 'Followers' },
      { type: 'composer.draft.set', key: 'privacy', value: 'Everyone' },
      { type: 'composer.feelings.select', feeling: 'happy' },
      { type: 'composer.draft.clear' },
      { type: 'composer.submit' },
      publishDone,
      ...publishErrors,
      { type: 'xstate.error.actor.publish', error: NO_ANSWER },
      close,
    ],
    ignore: [
      'composer.edit', ...NOT_DELETE,
      ...PANEL_EVENTS.filter((t) => !['composer.feelings.open', 'composer.feelings.select', 'composer.panel.close'].includes(t)),
    ],
    // No answer only to a plain post; after a send that did not go out, only its Try again (or a change, or closing).
    filter: (snapshot, event) => {
      const c = snapshot.context as ComposerContext;
      const plain = c.draft.privacy === 'Public' && c.draft.bgColor === DEFAULT_BG_COLOR && c.draft.feelings === '';
      if (event.type === 'xstate.error.actor.publish' && (event as { error?: unknown }).error === NO_ANSWER) return plain;
      if (c.unsent !== null || c.retries > 0) return plain && ['composer.submit', 'composer.close', 'xstate.done.actor.publish', 'xstate.error.actor.publish'].includes(event.type) || event.type.startsWith('xstate.after.') || (event.type === 'composer.draft.set' && (event as { value?: unknown }).value === 'Hello');
      return true;
    },
  },
  {
    name: 'questions: ask and edit, no attachments',
    events: [
      { type: 'composer.open', modalType: 'createquestion' },
      { type: 'composer.edit', post: question },
      text('Why?'),
      text(''),
      text(LONG),
      { type: 'composer.submit' },
      publishDone,
      publishErrors[0],
      close,
    ],
    ignore: [...NOT_DELETE, 'composer.draft.clear', ...PANEL_EVENTS.filter((t) => !['composer.feelings.open', 'composer.image.open', 'composer.gif.open', 'composer.video.open'].includes(t))],
  },
  {
    name: 'attachments: image, video, gif (one at a time), alt text, media remove',
    events: [
      { type: 'composer.open', modalType: 'createpost' },
      { type: 'composer.draft.set', key: 'bgColor', value: '#2196f3' },
      { type: 'composer.draft.set', key: 'imageAlt', value: 'A cat' },
      { type: 'composer.image.choose', file: pngFile },
      { type: 'composer.image.choose', file: bmpFile },
      { type: 'composer.image.choose', file: hugePng },
      { type: 'composer.video.choose', file: mp4File },
      { type: 'composer.video.choose', file: movFile },
      { type: 'xstate.done.actor.readMedia', output: IMAGE_DATA_URL },
      { type: 'xstate.done.actor.readMedia', output: VIDEO_DATA_URL },
      { type: 'xstate.error.actor.readMedia', error: new Error('The file could not be read') },
      { type: 'composer.gif.change', url: 'https://media.example/cat.gif' },
      { type: 'composer.gif.change', url: 'http://media.example/cat.gif' },
      { type: 'composer.submit' },
      publishDone,
      close,
    ],
    ignore: ['composer.edit', ...NOT_DELETE, 'composer.feelings.open', 'composer.feelings.select', 'composer.draft.clear', 'xstate.error.actor.publish'],
    // The reader answers with the kind of file its panel asked for.
    filter: (snapshot, event) =>
      event.type !== 'xstate.done.actor.readMedia' ||
      (snapshot.matches({ open: 'imageDialog' }) ? event.output === IMAGE_DATA_URL : event.output === VIDEO_DATA_URL),
  },
  {
    name: 'editing posts: prefilled, media kept, replaced or removed',
    events: [
      { type: 'composer.edit', post: textPost },
      { type: 'composer.edit', post: gifPost },
      { type: 'composer.edit', post: imagePost },
      { type: 'composer.edit', post: videoPost },
      text(''),
      { type: 'composer.image.choose', file: pngFile },
      { type: 'composer.video.choose', file: mp4File },
      { type: 'xstate.done.actor.readMedia', output: IMAGE_DATA_URL },
      { type: 'xstate.done.actor.readMedia', output: VIDEO_DATA_URL },
      { type: 'composer.submit' },
      publishDone,
      publishErrors[0],
      close,
    ],
    ignore: [
      'composer.open', ...NOT_DELETE, 'composer.feelings.open', 'composer.feelings.select', 'composer.gif.open', 'composer.gif.change',
      'composer.gif.attach', 'composer.draft.clear', 'xstate.error.actor.readMedia',
    ],
    filter: (snapshot, event) =>
      event.type !== 'xstate.done.actor.readMedia' ||
      (snapshot.matches({ open: 'imageDialog' }) ? event.output === IMAGE_DATA_URL : event.output === VIDEO_DATA_URL),
  },
  {
    name: 'group posts: into the group, with an image; a member\'s post waits for a group admin',
    events: [
      { type: 'composer.open', modalType: 'createpost', group: GROUP },
      { type: 'composer.open', modalType: 'createquestion', group: GROUP },
      text('Walk at dawn'),
      { type: 'composer.image.choose', file: pngFile },
      { type: 'xstate.done.actor.readMedia', output: IMAGE_DATA_URL },
      { type: 'composer.submit' },
      { type: 'xstate.done.actor.publish', output: groupPendingPublished },
      { type: 'xstate.done.actor.publish', output: groupPublished },
      publishErrors[0],
      close,
    ],
    ignore: [
      'composer.edit', ...NOT_DELETE, 'composer.feelings.open', 'composer.feelings.select', 'composer.draft.clear', 'composer.video.open',
      'composer.gif.open', 'composer.media.remove', 'xstate.error.actor.readMedia',
    ],
  },
  {
    name: 'topics: up to three marked on a new or edited post, a fourth refused, none on questions',
    events: [
      { type: 'composer.open', modalType: 'createpost' },
      { type: 'composer.open', modalType: 'createquestion' },
      { type: 'composer.edit', post: topicPost },
      text('Hello'),
      ...(['science', 'music', 'books', 'art'] as const).map((topic) => ({ type: 'composer.topics.toggle', topic })),
      { type: 'composer.feelings.open' },
      { type: 'composer.draft.clear' },
      { type: 'composer.submit' },
      publishDone,
      close,
    ],
    ignore: [
      ...NOT_DELETE.filter((t) => t !== 'composer.topics.toggle'), 'xstate.error.actor.publish',
      ...PANEL_EVENTS.filter((t) => !['composer.feelings.open', 'composer.panel.close'].includes(t)),
    ],
    // A new post's text is written once; clearing is tried on an edited post only (it empties its topics too).
    filter: (snapshot, event) => {
      const c = snapshot.context as ComposerContext;
      if (event.type === 'composer.draft.clear') return c.type === 'editpost' && c.topics.length > 0;
      if (event.type === 'composer.draft.set') return c.draft.post === '';
      return true;
    },
  },
  {
    name: 'the delete dialog',
    events: [
      { type: 'composer.delete.open', post: textPost },
      { type: 'composer.delete.open', post: question },
      { type: 'composer.delete.confirm' },
      { type: 'xstate.done.actor.deletePost', output: { postId: textPost._id } },
      { type: 'xstate.error.actor.deletePost', error: notYours },
      { type: 'xstate.error.actor.deletePost', error: networkFailure },
      close,
    ],
    ignore: ['composer.open', 'composer.edit'],
  },
];

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

describe.each(scenarios)('composer machine: $name', (scenario) => {
  const paths = coverPaths(composerMachine, { events: scenario.events, ignore: scenario.ignore, filter: scenario.filter, serialize, input });
  pathCount += paths.length;
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const emitted: ComposerEmitted[] = [];
    let subscribed = false;
    let before: ComposerContext | null = null;
    let previous = path.steps[0].state.context as ComposerContext;
    let sentAgain = 0;
    await replay(composerMachine, path, {
      input,
      serialize,
      coverage,
      provide: { actions: { showToast: (_: unknown, toast: { type: string; description: string }) => void toasts.push(toast) } },
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
            type: 'createquestion', isOpen: false, feeling: '', image: '', data: null, feelingsIsOpen: false, openFileDialog: false,
            openVideoDialog: false, gifModalIsOpen: false, reactionsModalIsOpen: false, commentsModalIsOpen: false,
            deleteDialogIsOpen: false, deleteDialogType: '',
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
            post: source.post, bgColor: source.bgColor, privacy: source.privacy, feelings: source.feelings, gifUrl: source.gifUrl,
            image: source.image, imageAlt: source.imageAlt, video: source.video,
          });
        }
        if (event.type === 'composer.submit') {
          if (snapshot.matches('submitting')) {
            before = previous;
            const child = snapshot.children.publish as { getSnapshot(): { input: PublishRequest } };
            const request = child.getSnapshot().input;
            expect(request.kind).toBe(expectedKind(c));
            expect(request.body.post).toBe(c.draft.post);
            // A new post carries its client id: the one of the same send that did not go out, else a new one.
            if (request.kind.startsWith('create')) {
              const id = (request.body as { clientId?: string }).clientId;
              expect(id).toBe(c.sending!.clientId);
              expect(id).toBe(previous.unsent !== null && previous.unsent.request === c.sending!.request ? previous.unsent.clientId : clientIdOf(CLIENT_SEED, c.sent));
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
            if (request.kind === 'createQuestion' || (request.kind === 'updatePost' && c.data?.kind === 'question')) {
              expect(Object.keys(request.body).sort()).toEqual(request.kind === 'createQuestion' ? ['clientId', 'post', 'privacy'] : ['post', 'privacy']);
            }
            if (request.kind === 'createImagePost') expect(request.body).toMatchObject({ image: c.draft.image, imageAlt: c.draft.imageAlt });
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
          expect((child.getSnapshot().input.body as { clientId?: string }).clientId).toBe(c.sending!.clientId);
        }
        if (event.type === 'xstate.error.actor.publish' && snapshot.matches('waitingToRetry')) {
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
        if ((event.type === 'composer.image.choose' || event.type === 'composer.video.choose')) {
          const file = (event as unknown as { file: { type: string; size: number } }).file;
          const rules = MEDIA_RULES[event.type === 'composer.image.choose' ? 'image' : 'video'];
          const expected = !rules.types.includes(file.type) ? rules.typeError : file.size > rules.maxBytes ? rules.sizeError : null;
          expect(c.panelError).toBe(expected);
        }
        if (event.type === 'xstate.error.actor.readMedia') expect(c.panelError).toBe(READ_FAILED);
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
