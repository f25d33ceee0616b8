import { CHAT_MESSAGE_MAX } from '../../../src/api/constants';
import { messageComposerMachine, type MessageComposerContext } from '../../../src/machines/chat/messageComposer.machine';
import { type MachineModel, type ModelEvent } from '../cover';
import { GIF, PNG } from './groupChat/groupChatFixtures';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

export const LONG = 'x'.repeat(CHAT_MESSAGE_MAX + 1);
/** Files as the guard and the journal see them: a type and a name (the bytes are the effect's business). */
export const PICTURE = { type: 'image/png', name: 'cat.png' };
export const NOTES = { type: 'text/plain', name: 'notes.txt' };
export const BAD_GIF = 'http://media.example.org/party.gif';

const model = {
  serialize,
  events: [
    { type: 'composer.type', text: 'Hello' },
    { type: 'composer.type', text: LONG },
    { type: 'composer.pickImage', file: PICTURE },
    { type: 'composer.pickImage', file: NOTES },
    { type: 'xstate.done.actor.readImage', output: PNG },
    { type: 'xstate.error.actor.readImage', error: new Error('NotReadableError') },
    { type: 'composer.gifField', url: GIF },
    { type: 'composer.gifField', url: BAD_GIF },
  ] as ModelEvent[],
  // Each part of the draft is tried on an otherwise empty draft, so the model stays small.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as MessageComposerContext;
    const attached = c.image !== '' || c.gifUrl !== '';
    const gifOpen = snapshot.matches({ gifPanel: 'open' });
    const reading = snapshot.matches({ draft: 'reading' });
    switch (event.type) {
      case 'composer.type':
        return c.body === '' && !attached && !gifOpen && !reading && c.error === null;
      case 'composer.pickImage':
        return c.body === '' && !attached && !gifOpen;
      // The GIF panel is a popover: the message box and its buttons are out of reach while it is open.
      case 'composer.removeAttachment':
        return attached && !gifOpen;
      case 'composer.send':
        return !gifOpen;
      case 'composer.openGif':
        return c.body === '' && !attached && !reading && c.error === null;
      case 'composer.gifField':
        return c.gifField === '';
      default:
        return true;
    }
  },
};

export const messageComposerModel: MachineModel = {
  name: 'messageComposer',
  machine: messageComposerMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
