import { fromPromise } from 'xstate';
import type { ChatActorRef } from '../../machines/chat/chat.machine';
import { messageComposerMachine } from '../../machines/chat/messageComposer.machine';
import { readDataUrl } from '../groups/groups';

/**
 * The composer's one file effect: the picked image as the chat expects it (today a data URL,
 * uploaded when the message goes out). How uploads travel may change; only this function reads.
 */
export const readChatImage = fromPromise<string, { file: Blob }>(({ input }) => readDataUrl(input.file));

/** The message composer of one open conversation, sending its drafts to the chat screen's actor. */
export function messageComposerLogic(chat: Pick<ChatActorRef, 'send'>) {
  return messageComposerMachine.provide({
    actors: { readImage: readChatImage },
    actions: { sendDraft: (_, draft) => chat.send({ type: 'chat.send', ...draft }) },
  });
}
export type MessageComposerLogic = ReturnType<typeof messageComposerLogic>;
