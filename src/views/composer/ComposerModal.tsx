import { shallowEqual, useSelector } from '@xstate/react';
import { Film, ImagePlus, Smile, Sticker, X } from 'lucide-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Dialog, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { POST_TEXT_MAX } from '../../api/constants';
import type { Feeling } from '../../api/posts';
import {
  hasMedia,
  selectDraft,
  selectFormat,
  selectPreviewing,
  selectError,
  selectInGroup,
  selectIsQuestion,
  selectModalState,
  selectSending,
  selectSubmitLabels,
  selectTitle,
} from '../../machines/composer/composer.connect';
import { Alert } from '../ui/Alert';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { FeelingImage, isFeeling } from '../streams/reactions/FeelingImage';
import { IconButton } from '../ui/IconButton';
import { TextField } from '../ui/TextField';
import { FormatControls } from '../ui/markdown/FormatControls';
import { FormattedText } from '../ui/markdown/FormattedText';
import { useSessionProfile } from '../layouts/useShell';
import { BackgroundButton } from './BackgroundPicker';
import type { ComposerActorRef } from './composerActor';
import { FeelingsPanel, GifPanel, MediaPanel } from './ComposerPanels';
import { isColoured, textColorOn } from './postColors';
import { PrivacyPicker } from './PrivacyPicker';
import { ChosenTopics, TopicsButton } from './TopicPicker';
import { useDraftHold } from '../offline/useDraftHold';

/**
 * The composer modal (react-aria Modal + Dialog: focus is trapped, Escape and a click outside
 * close it, the title labels it). A full-screen sheet on phones, a centred card from 640px.
 */
export function ComposerModal({ actor }: { actor: ComposerActorRef }) {
  const modal = useSelector(actor, selectModalState, shallowEqual);
  const submitting = useSelector(actor, selectSending);
  const title = useSelector(actor, selectTitle);
  const close = () => actor.send({ type: 'composer.close' });
  // An open composer holds back the update banner: a reload would lose what is written.
  useDraftHold(modal.isOpen);

  return (
    <ModalOverlay
      isOpen={modal.isOpen}
      isDismissable={!submitting}
      isKeyboardDismissDisabled={submitting}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      className="fixed inset-0 z-50 flex bg-neutral-950/50 sm:items-center sm:justify-center sm:p-4 motion-safe:data-[entering]:animate-[fade-in_150ms_ease-out]"
    >
      <Modal
        className={
          'flex h-dvh w-full flex-col bg-white text-neutral-900 outline-none dark:bg-neutral-900 dark:text-neutral-100 ' +
          'sm:h-auto sm:max-h-[min(90dvh,52rem)] sm:max-w-xl sm:rounded-2xl sm:shadow-2xl ' +
          'motion-safe:data-[entering]:animate-[menu-in_180ms_ease-out]'
        }
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <header className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-2 dark:border-neutral-800">
            <Heading slot="title" className="text-lg font-semibold">
              {title}
            </Heading>
            <IconButton label="Close" onPress={close} isDisabled={submitting}>
              <X size={20} />
            </IconButton>
          </header>
          {modal.feelingsIsOpen ? (
            <PanelBody>
              <FeelingsPanel actor={actor} />
            </PanelBody>
          ) : modal.openFileDialog ? (
            <PanelBody>
              <MediaPanel actor={actor} kind="image" />
            </PanelBody>
          ) : modal.openVideoDialog ? (
            <PanelBody>
              <MediaPanel actor={actor} kind="video" />
            </PanelBody>
          ) : modal.gifModalIsOpen ? (
            <PanelBody>
              <GifPanel actor={actor} />
            </PanelBody>
          ) : (
            <ComposerForm actor={actor} />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PanelBody({ children }: { children: React.ReactNode }) {
  return <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>;
}

function ComposerForm({ actor }: { actor: ComposerActorRef }) {
  const draft = useSelector(actor, selectDraft);
  const error = useSelector(actor, selectError);
  const submitting = useSelector(actor, selectSending);
  const question = useSelector(actor, selectIsQuestion);
  const labels = useSelector(actor, selectSubmitLabels, shallowEqual);
  const inGroup = useSelector(actor, selectInGroup);
  const format = useSelector(actor, selectFormat);
  const previewing = useSelector(actor, selectPreviewing);
  const profile = useSessionProfile();
  const set = (key: 'post' | 'bgColor' | 'privacy' | 'feelings' | 'imageAlt', value: string) =>
    actor.send({ type: 'composer.draft.set', key, value });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: 'composer.submit' });
  };
  // Ctrl+Enter (Cmd+Enter) sends from the text, as in most composers.
  const onTextKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  const media = hasMedia(draft);
  // Backgrounds are for short plain posts: a Markdown post shows none.
  const coloured = !question && !media && format !== 'markdown' && isColoured(draft.bgColor);
  const over = draft.post.length > POST_TEXT_MAX;

  return (
    <form noValidate onSubmit={submit} aria-label={question ? 'Question' : 'Post'} className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-3">
        <div className="flex items-center gap-3">
          {profile ? (
            <Avatar
              username={profile.username}
              avatarColor={profile.avatarColor}
              avatarImage={profile.avatarImage}
              profilePicture={profile.profilePicture}
            />
          ) : null}
          <div className="flex min-w-0 flex-col items-start gap-1">
            {profile ? (
              <p className="text-sm font-semibold">
                {profile.username}
                {!question && draft.feelings ? <FeelingText feeling={draft.feelings} /> : null}
              </p>
            ) : null}
            {/* A group post is seen by whoever sees the group. */}
            {inGroup ? null : <PrivacyPicker value={draft.privacy} onChange={(value) => set('privacy', value)} isDisabled={submitting} />}
          </div>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <FormatControls
          format={format}
          previewing={previewing}
          isDisabled={submitting}
          onFormat={(value) => actor.send({ type: 'composer.format.set', format: value })}
          onPreview={(show) => actor.send({ type: show ? 'composer.preview.show' : 'composer.preview.hide' })}
        />
        {previewing ? (
          <section aria-label="Preview" className="min-h-28 rounded-xl border border-neutral-200 px-3 py-3 dark:border-neutral-800">
            {draft.post.trim() ? (
              <FormattedText text={draft.post} format="markdown" className="text-base break-words text-neutral-900 dark:text-neutral-100" />
            ) : (
              <p className="text-neutral-600 dark:text-neutral-400">Nothing to preview yet.</p>
            )}
          </section>
        ) : null}
        <AriaTextField
          value={draft.post}
          onChange={(value) => set('post', value)}
          isReadOnly={submitting}
          className={previewing ? 'hidden' : 'flex flex-col gap-1.5'}
        >
          <Label className="sr-only">{question ? "What's your question?" : "What's on your mind?"}</Label>
          <TextArea
            autoFocus
            rows={4}
            onKeyDown={onTextKeyDown}
            placeholder={question ? "What's your question?" : "What's on your mind?"}
            style={coloured ? { backgroundColor: draft.bgColor, color: textColorOn(draft.bgColor) } : undefined}
            className={
              'w-full resize-none rounded-xl border border-neutral-300 bg-white px-3 py-3 outline-none ' +
              'focus:border-accent focus:ring-2 focus:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900 ' +
              (coloured
                ? 'min-h-36 text-center text-2xl font-semibold placeholder:text-current placeholder:opacity-80'
                : 'text-base placeholder:text-neutral-500 dark:placeholder:text-neutral-400')
            }
          />
          <Text
            slot="description"
            className={`self-end text-xs ${over ? 'font-semibold text-red-700 dark:text-red-400' : 'text-neutral-600 dark:text-neutral-400'}`}
          >
            {draft.post.length} / {POST_TEXT_MAX} characters
          </Text>
        </AriaTextField>

        {!question ? <ChosenTopics actor={actor} isDisabled={submitting} /> : null}

        {!question && draft.feelings ? (
          <div className="flex items-center gap-2">
            <span className="rounded-full bg-neutral-100 px-3 py-1 text-sm dark:bg-neutral-800">
              {isFeeling(draft.feelings) ? <FeelingImage feeling={draft.feelings} /> : null} Feeling {draft.feelings}
            </span>
            <Button variant="ghost" size="sm" onPress={() => set('feelings', '')} isDisabled={submitting}>
              Remove feeling
            </Button>
          </div>
        ) : null}

        {!question ? <Attachment actor={actor} /> : null}

        {!question ? (
          <div
            role="group"
            aria-label="Add to your post"
            className="flex items-center justify-between gap-1 rounded-xl border border-neutral-200 py-1 pr-1 pl-3 dark:border-neutral-800"
          >
            <span aria-hidden="true" className="text-sm font-medium text-neutral-700 max-[419px]:sr-only dark:text-neutral-300">
              Add to your post
            </span>
            <div className="flex items-center">
              <IconButton label="Image" isDisabled={submitting} onPress={() => actor.send({ type: 'composer.image.open' })}>
                <ImagePlus size={20} />
              </IconButton>
              <IconButton label="Video" isDisabled={submitting} onPress={() => actor.send({ type: 'composer.video.open' })}>
                <Film size={20} />
              </IconButton>
              <IconButton label="GIF" isDisabled={submitting} onPress={() => actor.send({ type: 'composer.gif.open' })}>
                <Sticker size={20} />
              </IconButton>
              <IconButton label="Feeling" isDisabled={submitting} onPress={() => actor.send({ type: 'composer.feelings.open' })}>
                <Smile size={20} />
              </IconButton>
              <TopicsButton actor={actor} isDisabled={submitting} />
              {media || format === 'markdown' ? null : (
                <BackgroundButton value={draft.bgColor} onChange={(value) => set('bgColor', value)} isDisabled={submitting} />
              )}
            </div>
          </div>
        ) : null}
      </div>
      <footer className="flex items-center justify-end gap-2 border-t border-neutral-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-neutral-800">
        <Button variant="secondary" onPress={() => actor.send({ type: 'composer.close' })} isDisabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={submitting}>
          {submitting ? labels.busy : labels.idle}
        </Button>
      </footer>
    </form>
  );
}

function FeelingText({ feeling }: { feeling: Feeling }) {
  return (
    <span className="font-normal text-neutral-600 dark:text-neutral-400">
      {' '}
      is feeling {feeling}
      {isFeeling(feeling) ? (
        <>
          {' '}
          <FeelingImage feeling={feeling} />
        </>
      ) : null}
    </span>
  );
}

/** The one attachment of the post, previewed, with its remove button (and the image's alt text). */
function Attachment({ actor }: { actor: ComposerActorRef }) {
  const draft = useSelector(actor, selectDraft);
  const submitting = useSelector(actor, selectSending);
  const remove = (label: string) => (
    <Button
      variant="secondary"
      size="sm"
      icon={<X size={16} />}
      isDisabled={submitting}
      onPress={() => actor.send({ type: 'composer.media.remove' })}
    >
      {label}
    </Button>
  );
  if (draft.image) {
    return (
      <div className="flex flex-col gap-3">
        <img
          src={draft.image}
          alt={draft.imageAlt.trim() || 'Image preview (no description yet)'}
          className="max-h-72 w-full rounded-xl bg-neutral-100 object-contain dark:bg-neutral-800"
        />
        <TextField
          label="Alt text"
          description={
            draft.imageAlt.trim() === ''
              ? 'Recommended: describe the image for people who cannot see it.'
              : 'Screen readers read this description aloud.'
          }
          value={draft.imageAlt}
          maxLength={1000}
          onChange={(value) => actor.send({ type: 'composer.draft.set', key: 'imageAlt', value })}
          isReadOnly={submitting}
        />
        <div>{remove('Remove image')}</div>
      </div>
    );
  }
  if (draft.video) {
    return (
      <div className="flex flex-col gap-3">
        <video src={draft.video} controls aria-label="Video preview" className="max-h-72 w-full rounded-xl bg-black" />
        <div>{remove('Remove video')}</div>
      </div>
    );
  }
  if (draft.gifUrl) {
    return (
      <div className="flex flex-col gap-3">
        <img src={draft.gifUrl} alt="GIF" className="max-h-72 w-full rounded-xl bg-neutral-100 object-contain dark:bg-neutral-800" />
        <div>{remove('Remove GIF')}</div>
      </div>
    );
  }
  return null;
}
