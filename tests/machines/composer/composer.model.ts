import type { AnyMachineSnapshot } from 'xstate';
import { POST_TEXT_MAX } from '../../../src/api/posts';
import { composerMachine, DEFAULT_BG_COLOR, type ComposerContext } from '../../../src/machines/composer/composer.machine';
import {
  bmpFile,
  emptyRefused,
  gifPost,
  groupPublished,
  groupPendingPublished,
  hugePng,
  IMAGE_DATA_URL,
  imagePost,
  markdownQuestion,
  movFile,
  mp4File,
  networkFailure,
  notYours,
  pngFile,
  published,
  question,
  textPost,
  topicPost,
  VIDEO_DATA_URL,
  videoPost,
} from './composerFixtures';
import { type ModelEvent } from '../cover';
import { CLIENT_SEED, noAnswer, refused } from '../../fixtures/streams';
import { QueuedBehind } from '../../../src/machines/offline/outbox.handoff';
import type { MachineModel } from '../cover';

export const input = { clientSeed: CLIENT_SEED };
export const NO_ANSWER = noAnswer();
/** The server is down (5xx), or a send of the member's already waits in the outbox: the outbox takes a new post or question. */
export const SERVER_DOWN = refused('Service unavailable', 503);
export const QUEUED_BEHIND = new QueuedBehind();
const toOutboxErrors = [
  { type: 'xstate.error.actor.publish', error: SERVER_DOWN },
  { type: 'xstate.error.actor.publish', error: QUEUED_BEHIND },
];

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
export function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as ComposerContext;
  const d = c.draft;
  const inPanel =
    snapshot.matches({ open: 'gifDialog' }) || snapshot.matches({ open: 'imageDialog' }) || snapshot.matches({ open: 'videoDialog' });
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
    gifInput: snapshot.matches({ open: 'gifDialog' })
      ? c.gifInput === ''
        ? ''
        : c.gifInput.startsWith('https:')
          ? 'https'
          : 'other'
      : null,
    panelError: inPanel ? c.panelError : null,
    group: c.group?.id ?? null,
    // A set in the model: the order marked only shows in the request, checked on submit.
    topics: [...c.topics].sort().join(','),
    format: c.format,
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
  'composer.feelings.open',
  'composer.feelings.select',
  'composer.image.open',
  'composer.image.choose',
  'composer.video.open',
  'composer.video.choose',
  'composer.gif.open',
  'composer.gif.change',
  'composer.gif.attach',
  'composer.panel.close',
  'xstate.done.actor.readMedia',
  'xstate.error.actor.readMedia',
  'composer.media.remove',
];
const NOT_DELETE = [
  'composer.delete.open',
  'composer.delete.confirm',
  'xstate.done.actor.deletePost',
  'xstate.error.actor.deletePost',
  // Topics have their own scenario; everywhere else they would only multiply the states.
  'composer.topics.toggle',
];
const GROUP = { id: 'g1', name: 'Harbour walkers' };
const FORMAT_EVENTS = ['composer.format.set', 'composer.preview.show', 'composer.preview.hide'];

const scenarios: Scenario[] = [
  {
    name: 'a text post: text, background, privacy, feeling, clear, submit; no server: to the outbox',
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
      ...toOutboxErrors,
      close,
    ],
    ignore: [
      ...FORMAT_EVENTS,
      'composer.edit',
      ...NOT_DELETE,
      ...PANEL_EVENTS.filter((t) => !['composer.feelings.open', 'composer.feelings.select', 'composer.panel.close'].includes(t)),
    ],
    // No server only to a plain post; after a send that did not go out, only its Try again (or a change, or closing).
    filter: (snapshot, event) => {
      const c = snapshot.context as ComposerContext;
      const plain = c.draft.privacy === 'Public' && c.draft.bgColor === DEFAULT_BG_COLOR && c.draft.feelings === '';
      const error = (event as { error?: unknown }).error;
      if (event.type === 'xstate.error.actor.publish' && (error === NO_ANSWER || error === SERVER_DOWN || error === QUEUED_BEHIND))
        return plain;
      if (c.unsent !== null || c.retries > 0)
        return (
          (plain &&
            ['composer.submit', 'composer.close', 'xstate.done.actor.publish', 'xstate.error.actor.publish'].includes(event.type)) ||
          event.type.startsWith('xstate.after.') ||
          (event.type === 'composer.draft.set' && (event as { value?: unknown }).value === 'Hello')
        );
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
      { type: 'xstate.error.actor.publish', error: NO_ANSWER },
      close,
    ],
    ignore: [
      ...FORMAT_EVENTS,
      ...NOT_DELETE,
      'composer.draft.clear',
      ...PANEL_EVENTS.filter(
        (t) => !['composer.feelings.open', 'composer.image.open', 'composer.gif.open', 'composer.video.open'].includes(t),
      ),
    ],
    // A new question with no server goes to the outbox (an edit's retries are walked with the posts').
    filter: (snapshot, event) =>
      event.type !== 'xstate.error.actor.publish' ||
      (event as { error?: unknown }).error !== NO_ANSWER ||
      (snapshot.context as ComposerContext).type === 'createquestion',
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
      { type: 'xstate.error.actor.publish', error: NO_ANSWER },
      close,
    ],
    ignore: [
      ...FORMAT_EVENTS,
      'composer.edit',
      ...NOT_DELETE,
      'composer.feelings.open',
      'composer.feelings.select',
      'composer.draft.clear',
    ],
    // The reader answers with the kind of file its panel asked for. With no server, a post with an
    // image or a gif goes to the outbox (a video keeps the composer's retries, walked with the edits).
    filter: (snapshot, event) => {
      if (event.type === 'xstate.error.actor.publish') return (snapshot.context as ComposerContext).draft.video === '';
      return (
        event.type !== 'xstate.done.actor.readMedia' ||
        (snapshot.matches({ open: 'imageDialog' }) ? event.output === IMAGE_DATA_URL : event.output === VIDEO_DATA_URL)
      );
    },
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
      { type: 'xstate.error.actor.publish', error: NO_ANSWER },
      close,
    ],
    ignore: [
      ...FORMAT_EVENTS,
      'composer.open',
      ...NOT_DELETE,
      'composer.feelings.open',
      'composer.feelings.select',
      'composer.gif.open',
      'composer.gif.change',
      'composer.gif.attach',
      'composer.draft.clear',
      'xstate.error.actor.readMedia',
    ],
    // An edit is not the outbox's: with no answer it goes again after a pause (walked on the text
    // post as it was), and after its retries only its Try again or closing.
    filter: (snapshot, event) => {
      const c = snapshot.context as ComposerContext;
      if (event.type === 'xstate.error.actor.publish' && (event as { error?: unknown }).error === NO_ANSWER)
        return c.data?._id === textPost._id && c.draft.post !== '';
      if (c.retries > 0)
        return (
          ['composer.submit', 'composer.close', 'xstate.done.actor.publish', 'xstate.error.actor.publish'].includes(event.type) ||
          event.type.startsWith('xstate.after.')
        );
      return (
        event.type !== 'xstate.done.actor.readMedia' ||
        (snapshot.matches({ open: 'imageDialog' }) ? event.output === IMAGE_DATA_URL : event.output === VIDEO_DATA_URL)
      );
    },
  },
  {
    name: "group posts: into the group, with an image; a member's post waits for a group admin; no server: to the outbox",
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
      { type: 'xstate.error.actor.publish', error: NO_ANSWER },
      close,
    ],
    ignore: [
      ...FORMAT_EVENTS,
      'composer.edit',
      ...NOT_DELETE,
      'composer.feelings.open',
      'composer.feelings.select',
      'composer.draft.clear',
      'composer.video.open',
      'composer.gif.open',
      'composer.media.remove',
      'xstate.error.actor.readMedia',
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
      ...FORMAT_EVENTS,
      ...NOT_DELETE.filter((t) => t !== 'composer.topics.toggle'),
      'xstate.error.actor.publish',
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
    name: 'Markdown: the option on and off, write and preview tabs, published with its format',
    events: [
      { type: 'composer.open', modalType: 'createquestion' },
      { type: 'composer.edit', post: markdownQuestion },
      text('Why is $e^{i\\pi} = -1$?'),
      { type: 'composer.format.set', format: 'markdown' },
      { type: 'composer.format.set', format: 'plain' },
      { type: 'composer.preview.show' },
      { type: 'composer.preview.hide' },
      { type: 'composer.submit' },
      publishDone,
      close,
    ],
    ignore: [...NOT_DELETE, 'xstate.error.actor.publish', 'composer.draft.clear', ...PANEL_EVENTS],
    // The text is written once, into an empty field.
    filter: (snapshot, event) => event.type !== 'composer.draft.set' || (snapshot.context as ComposerContext).draft.post === '',
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
    ignore: ['composer.open', 'composer.edit', ...FORMAT_EVENTS],
  },
];

export const composerModel: MachineModel = {
  name: 'composer',
  machine: composerMachine,
  covers: scenarios.map(({ name, events, ignore, filter }) => ({ label: name, options: { events, ignore, filter, serialize, input } })),
};
