import { useSelector } from '@xstate/react';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { useMemo, type FormEvent, type KeyboardEvent } from 'react';
import { Dialog, DialogTrigger, FileTrigger, Popover } from 'react-aria-components';
import { CHAT_MESSAGE_MAX } from '../../api/constants';
import type { ChatActorRef } from '../../machines/chat/chat.machine';
import type { MessageComposerActorRef } from '../../machines/chat/messageComposer.machine';
import {
  canSend as selectCanSend,
  selectBody,
  selectError,
  selectGifError,
  selectGifField,
  selectGifOpen,
  selectGifUrl,
  selectImage,
} from '../../machines/chat/messageComposer.connect';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { TextField } from '../ui/TextField';
import { useScreenActor } from '../shared/useScreenActor';
import { useChatLogic } from './ChatLogic';
import { useDraftHold } from '../offline/useDraftHold';

/** The gif panel: an https URL, checked with the server's rule before it is attached. */
function GifPicker({ composer }: { composer: MessageComposerActorRef }) {
  const open = useSelector(composer, selectGifOpen);
  const url = useSelector(composer, selectGifField);
  const error = useSelector(composer, selectGifError);
  return (
    <DialogTrigger isOpen={open} onOpenChange={(isOpen) => composer.send({ type: isOpen ? 'composer.openGif' : 'composer.closeGif' })}>
      <Button variant="ghost" size="sm" aria-label="Add a GIF" className="shrink-0">
        GIF
      </Button>
      <Popover
        placement="top start"
        className="w-80 max-w-[90vw] rounded-2xl border border-neutral-200 bg-white p-4 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        <Dialog aria-label="Add a GIF" className="outline-none">
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              // The popover is portaled, but React bubbles the submit to the message form around it.
              e.stopPropagation();
              composer.send({ type: 'composer.attachGif' });
            }}
          >
            <TextField
              label="GIF URL"
              type="url"
              value={url}
              placeholder="https://"
              autoFocus
              errorMessage={error}
              onChange={(value) => composer.send({ type: 'composer.gifField', url: value })}
            />
            <Button type="submit" size="sm">
              Attach GIF
            </Button>
          </form>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/**
 * The message composer: text (Enter sends, Shift+Enter a new line), and one gif or image. The
 * draft is its own machine's (messageComposer.machine); the chat machine queues what is sent.
 */
export function MessageComposer({ chat, name }: { chat: ChatActorRef; name: string }) {
  const { messageComposer } = useChatLogic();
  const logic = useMemo(() => messageComposer(chat), [messageComposer, chat]);
  const composer = useScreenActor(logic);
  const text = useSelector(composer, selectBody);
  const gifUrl = useSelector(composer, selectGifUrl);
  const image = useSelector(composer, selectImage);
  const error = useSelector(composer, selectError);
  const canSend = useSelector(composer, selectCanSend);
  // A chat draft not sent holds back the update banner (docs/client-offline.md).
  useDraftHold(text.trim() !== '' || Boolean(gifUrl) || Boolean(image));

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    composer.send({ type: 'composer.send' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  const attached = image || gifUrl;

  return (
    <form
      aria-label="Send a message"
      onSubmit={send}
      className="flex flex-col gap-2 border-t border-neutral-200 p-3 dark:border-neutral-800"
    >
      {attached ? (
        <div className="flex items-start gap-2">
          <img src={attached} alt={image ? 'Image to send' : 'GIF to send'} className="max-h-32 max-w-48 rounded-xl object-contain" />
          <IconButton label={image ? 'Remove image' : 'Remove GIF'} onPress={() => composer.send({ type: 'composer.removeAttachment' })}>
            <X size={16} />
          </IconButton>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-1">
        <FileTrigger
          acceptedFileTypes={['image/*']}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) composer.send({ type: 'composer.pickImage', file });
          }}
        >
          <IconButton label="Attach an image">
            <ImagePlus size={20} />
          </IconButton>
        </FileTrigger>
        <GifPicker composer={composer} />
        <textarea
          aria-label={`Message ${name}`}
          placeholder={`Message ${name}`}
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => composer.send({ type: 'composer.type', text: e.target.value })}
          onKeyDown={onKeyDown}
          className="max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-2xl border border-neutral-300 bg-white px-3.5 py-2 text-[15px] outline-none focus:border-accent focus:ring-2 focus:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900"
        />
        <IconButton label="Send message" type="submit" isDisabled={!canSend}>
          <SendHorizontal size={20} />
        </IconButton>
      </div>
    </form>
  );
}
