import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Dialog, DialogTrigger, FileTrigger, Popover } from 'react-aria-components';
import { CHAT_MESSAGE_MAX } from '../../api/constants';
import { readDataUrl } from '../../effects/groups';
import { draftError, NOT_AN_IMAGE, type ChatActorRef } from '../../machines/chat.machine';
import { Button } from '../components/Button';
import { IconButton } from '../components/IconButton';
import { TextField } from '../components/TextField';

/** The gif panel: an https URL, checked with the server's rule before it is attached. */
function GifPicker({ onAttach }: { onAttach: (url: string) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogTrigger>
      <Button variant="ghost" size="sm" aria-label="Add a GIF" className="shrink-0">
        GIF
      </Button>
      <Popover placement="top start" className="w-80 max-w-[90vw] rounded-2xl border border-neutral-200 bg-white p-4 shadow-xl dark:border-neutral-800 dark:bg-neutral-900">
        <Dialog aria-label="Add a GIF" className="outline-none">
          {({ close }) => (
            <form
              noValidate
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                const problem = draftError({ body: '', gifUrl: url });
                setError(problem);
                if (problem) return;
                onAttach(url.trim());
                setUrl('');
                close();
              }}
            >
              <TextField label="GIF URL" type="url" value={url} placeholder="https://" autoFocus errorMessage={error} onChange={(value) => (setUrl(value), setError(null))} />
              <Button type="submit" size="sm">
                Attach GIF
              </Button>
            </form>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/**
 * The message composer: text (Enter sends, Shift+Enter a new line), and one gif or image. The
 * attachment and the text are a draft of this box; the machine queues what is sent.
 */
export function MessageComposer({ chat, name }: { chat: ChatActorRef; name: string }) {
  const [text, setText] = useState('');
  const [gifUrl, setGifUrl] = useState('');
  const [image, setImage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const draft = { body: text, gifUrl, image };
  const empty = !text.trim() && !gifUrl && !image;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty) return;
    const problem = draftError(draft);
    setError(problem);
    if (problem) return;
    chat.send({ type: 'chat.send', ...draft });
    setText('');
    setGifUrl('');
    setImage('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(NOT_AN_IMAGE);
    setError(null);
    setGifUrl('');
    setImage(await readDataUrl(file));
  };
  const attached = image || gifUrl;

  return (
    <form aria-label="Send a message" onSubmit={send} className="flex flex-col gap-2 border-t border-neutral-200 p-3 dark:border-neutral-800">
      {attached ? (
        <div className="flex items-start gap-2">
          <img src={attached} alt={image ? 'Image to send' : 'GIF to send'} className="max-h-32 max-w-48 rounded-xl object-contain" />
          <IconButton
            label={image ? 'Remove image' : 'Remove GIF'}
            onPress={() => {
              setImage('');
              setGifUrl('');
            }}
          >
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
        <FileTrigger acceptedFileTypes={['image/*']} onSelect={(files) => void chooseImage(files?.[0])}>
          <IconButton label="Attach an image">
            <ImagePlus size={20} />
          </IconButton>
        </FileTrigger>
        <GifPicker
          onAttach={(url) => {
            setImage('');
            setGifUrl(url);
            setError(null);
          }}
        />
        <textarea
          aria-label={`Message ${name}`}
          placeholder={`Message ${name}`}
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          className="max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-2xl border border-neutral-300 bg-white px-3.5 py-2 text-[15px] outline-none focus:border-accent focus:ring-2 focus:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900"
        />
        <IconButton label="Send message" type="submit" isDisabled={empty}>
          <SendHorizontal size={20} />
        </IconButton>
      </div>
    </form>
  );
}
