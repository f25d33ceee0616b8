import { useSelector } from '@xstate/react';
import { ArrowLeft, ImagePlus, Video } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { FEELINGS } from '../../api/posts/choices';
import type { ComposerActorRef } from './composerActor';
import { isHttpsUrl, MEDIA_RULES, type MediaKind } from '../../machines/composer/composer.machine';
import { selectFeeling, selectGifInput, selectPanelError, selectReading } from '../../machines/composer/composer.connect';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { FeelingImage } from '../streams/reactions/FeelingImage';
import { TextField } from '../ui/TextField';

/**
 * A sub-screen of the composer (feelings, image, video, gif). Focus moves to its heading when
 * it opens; Escape goes back to the post instead of closing the whole composer.
 */
function Panel({ title, actor, children }: { title: string; actor: ComposerActorRef; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const back = () => actor.send({ type: 'composer.panel.close' });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    back();
  };
  return (
    <section aria-labelledby="composer-panel-title" onKeyDown={onKeyDown} className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" icon={<ArrowLeft size={18} />} onPress={back}>
          Back
        </Button>
        <h3 id="composer-panel-title" ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {title}
        </h3>
      </div>
      {children}
    </section>
  );
}

export function FeelingsPanel({ actor }: { actor: ComposerActorRef }) {
  const current = useSelector(actor, selectFeeling);
  return (
    <Panel title="How are you feeling?" actor={actor}>
      <div className="grid grid-cols-2 gap-2">
        {FEELINGS.map((feeling) => (
          <Button
            key={feeling}
            variant={current === feeling ? 'primary' : 'secondary'}
            size="lg"
            aria-pressed={current === feeling}
            onPress={() => actor.send({ type: 'composer.feelings.select', feeling })}
            icon={<FeelingImage feeling={feeling} size={22} />}
          >
            {feeling}
          </Button>
        ))}
      </div>
    </Panel>
  );
}

const mediaCopy: Record<MediaKind, { title: string; choose: string; reading: string; hint: string }> = {
  image: { title: 'Add an image', choose: 'Choose an image', reading: 'Reading image...', hint: 'JPEG, PNG, GIF or WebP, up to 10 MB.' },
  video: { title: 'Add a video', choose: 'Choose a video', reading: 'Reading video...', hint: 'MP4 or WebM, up to 100 MB.' },
};

/** The image or video panel: a file picker (keyboard reachable), the refusal, the reading state. */
export function MediaPanel({ actor, kind }: { actor: ComposerActorRef; kind: MediaKind }) {
  const reading = useSelector(actor, (s) => selectReading(s, kind));
  const error = useSelector(actor, selectPanelError);
  const copy = mediaCopy[kind];
  return (
    <Panel title={copy.title} actor={actor}>
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-neutral-300 px-4 py-8 text-center dark:border-neutral-700">
        {kind === 'image' ? <ImagePlus aria-hidden="true" size={32} /> : <Video aria-hidden="true" size={32} />}
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{copy.hint}</p>
        <FileTrigger
          acceptedFileTypes={[...MEDIA_RULES[kind].types]}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) actor.send({ type: kind === 'image' ? 'composer.image.choose' : 'composer.video.choose', file });
          }}
        >
          <Button isDisabled={reading}>{reading ? copy.reading : copy.choose}</Button>
        </FileTrigger>
        {reading ? (
          <p role="status" className="text-sm text-neutral-700 dark:text-neutral-300">
            {copy.reading}
          </p>
        ) : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Panel>
  );
}

/** The gif panel: an https URL, previewed once it is one. */
export function GifPanel({ actor }: { actor: ComposerActorRef }) {
  const url = useSelector(actor, selectGifInput);
  const error = useSelector(actor, selectPanelError);
  const attach = () => actor.send({ type: 'composer.gif.attach' });
  return (
    <Panel title="Add a GIF" actor={actor}>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          attach();
        }}
      >
        <TextField
          label="GIF URL"
          type="url"
          placeholder="https://"
          description="Paste the https address of a GIF."
          value={url}
          onChange={(value) => actor.send({ type: 'composer.gif.change', url: value })}
          errorMessage={error}
        />
        {isHttpsUrl(url) ? (
          <img
            src={url.trim()}
            alt="GIF preview"
            className="max-h-64 w-full rounded-xl bg-neutral-100 object-contain dark:bg-neutral-800"
          />
        ) : null}
        <Button type="submit" className="self-end">
          Add GIF
        </Button>
      </form>
    </Panel>
  );
}
