import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import { draftError, NOT_AN_IMAGE, type MessageDraft } from './chat.machine';

export type MessageComposerEvent =
  /** A keystroke in the message box: the whole text as it now is. */
  | { type: 'composer.type'; text: string }
  /** A file chosen with "Attach an image" (read as a data URL by the `readImage` effect). */
  | { type: 'composer.pickImage'; file: Blob }
  /** "Remove image" / "Remove GIF". */
  | { type: 'composer.removeAttachment' }
  /** Enter, or the Send button. */
  | { type: 'composer.send' }
  | { type: 'composer.openGif' }
  | { type: 'composer.closeGif' }
  /** A keystroke in the GIF panel's URL field. */
  | { type: 'composer.gifField'; url: string }
  | { type: 'composer.attachGif' };

export interface MessageComposerContext {
  body: string;
  /** The attached gif's https URL, or ''. */
  gifUrl: string;
  /** The attached image as a data URL (its preview; the chat uploads it when it is sent), or ''. */
  image: string;
  /** Why the draft cannot be sent, or why the file was refused. */
  error: string | null;
  /** The GIF panel's URL field and its error. */
  gifField: string;
  gifError: string | null;
}

export const READ_FAILED = 'Could not read that image.';

const isEmpty = (c: MessageComposerContext) => c.body.trim() === '' && c.gifUrl === '' && c.image === '';
const draftOf = (c: MessageComposerContext): Required<MessageDraft> => ({ body: c.body, gifUrl: c.gifUrl, image: c.image });

/**
 * The chat's message composer: the text (Enter sends, Shift+Enter a new line) and one gif or
 * image, checked with the server's rules before it goes to the chat (`sendDraft`), which
 * queues and sends it. A picked file is read as a data URL by an effect (`readImage`); the GIF
 * panel holds its URL field until the gif is attached. Every keystroke is an event, so the
 * journal and time travel see the draft.
 */
export const messageComposerMachine = setup({
  types: { context: {} as MessageComposerContext, events: {} as MessageComposerEvent },
  actors: {
    /** Effect: the picked file as a data URL. */
    readImage: requiredPromise<string, { file: Blob }>('readImage'),
  },
  actions: {
    /** The draft goes to the chat (chat.send). */
    sendDraft: (_, _draft: Required<MessageDraft>) => {},
  },
  guards: {
    isEmpty: ({ context }) => isEmpty(context),
    isSendable: ({ context }) => draftError(draftOf(context)) === null,
    isImageFile: ({ event }) => {
      assertEvent(event, 'composer.pickImage');
      return event.file.type.startsWith('image/');
    },
    gifIsValid: ({ context }) => draftError({ body: '', gifUrl: context.gifField }) === null,
  },
}).createMachine({
  id: 'messageComposer',
  context: { body: '', gifUrl: '', image: '', error: null, gifField: '', gifError: null },
  type: 'parallel',
  on: {
    'composer.type': { actions: assign({ body: ({ event }) => event.text, error: null }) },
  },
  states: {
    draft: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'composer.pickImage': [
              { guard: 'isImageFile', target: 'reading', actions: assign({ error: null }) },
              { actions: assign({ error: NOT_AN_IMAGE }) },
            ],
            'composer.removeAttachment': { actions: assign({ image: '', gifUrl: '' }) },
            'composer.send': [
              // The Send button is disabled then; Enter in an empty box does nothing.
              { guard: 'isEmpty' },
              {
                guard: 'isSendable',
                actions: [
                  { type: 'sendDraft', params: ({ context }) => draftOf(context) },
                  assign({ body: '', gifUrl: '', image: '', error: null }),
                ],
              },
              { actions: assign({ error: ({ context }) => draftError(draftOf(context)) }) },
            ],
          },
        },
        /** The text can still change meanwhile; sending waits for the image. */
        reading: {
          invoke: {
            id: 'readImage',
            src: 'readImage',
            input: ({ event }) => {
              assertEvent(event, 'composer.pickImage');
              return { file: event.file };
            },
            onDone: { target: 'editing', actions: assign({ image: ({ event }) => event.output, gifUrl: '' }) },
            onError: { target: 'editing', actions: assign({ error: READ_FAILED }) },
          },
        },
      },
    },
    gifPanel: {
      initial: 'closed',
      states: {
        closed: { on: { 'composer.openGif': { target: 'open', actions: assign({ gifField: '', gifError: null }) } } },
        open: {
          on: {
            'composer.gifField': { actions: assign({ gifField: ({ event }) => event.url, gifError: null }) },
            'composer.closeGif': 'closed',
            'composer.attachGif': [
              {
                guard: 'gifIsValid',
                target: 'closed',
                actions: assign({ gifUrl: ({ context }) => context.gifField.trim(), image: '', error: null, gifField: '' }),
              },
              { actions: assign({ gifError: ({ context }) => draftError({ body: '', gifUrl: context.gifField }) }) },
            ],
          },
        },
      },
    },
  },
});

export type MessageComposerActorRef = ActorRefFrom<typeof messageComposerMachine>;
export type MessageComposerSnapshot = SnapshotFrom<typeof messageComposerMachine>;

export const selectCanSend = (s: MessageComposerSnapshot) => !isEmpty(s.context) && s.matches({ draft: 'editing' });
