import { useSelector } from '@xstate/react';
import { Check, Tags, X } from 'lucide-react';
import { Dialog, DialogTrigger, Heading, Popover, ToggleButton } from 'react-aria-components';
import { INTEREST_TOPICS } from '../../api/constants';
import { CHOSEN_TOPICS_MAX, topicLabel, type Topic } from '../../api/posts/topics';
import { selectTogglableTopics, selectTopics } from '../../machines/composer/composer.connect';
import { IconButton } from '../ui/IconButton';
import { TOPIC_IMAGES } from '../people/profile/topicImages';
import type { ComposerActorRef } from './composerActor';

const toggle = (topic: Topic) => ({ type: 'composer.topics.toggle' as const, topic });

/**
 * The toolbar's Topics button: a popover of the 22 interest topics as toggle chips (as in the
 * settings' interests), at most three marked. Once three are, the others are disabled rather
 * than hidden, so the author sees why nothing happens.
 */
export function TopicsButton({ actor, isDisabled }: { actor: ComposerActorRef; isDisabled?: boolean }) {
  const chosen = useSelector(actor, selectTopics);
  // A string, so the chips re-render only when what may be toggled changes.
  const togglable = useSelector(actor, selectTogglableTopics).split(',');
  return (
    <DialogTrigger>
      {/* The badge's number is part of the name, so what is seen is what is announced. */}
      <IconButton
        label={chosen.length ? `Topics: ${chosen.length} chosen` : 'Topics'}
        isDisabled={isDisabled}
        className="relative data-[disabled]:opacity-60"
      >
        <Tags size={20} />
        {chosen.length ? (
          <span className="absolute top-1 right-0.5 flex size-4 items-center justify-center rounded-full bg-accent-strong text-[10px] font-bold text-white">
            {chosen.length}
          </span>
        ) : null}
      </IconButton>
      <Popover
        placement="top"
        offset={8}
        className={
          'w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-3 shadow-xl outline-none ' +
          'motion-safe:data-[entering]:animate-[menu-in_140ms_ease-out] dark:border-neutral-800 dark:bg-neutral-900'
        }
      >
        <Dialog aria-labelledby="composer-topics-title" className="flex flex-col gap-2 outline-none">
          <div className="flex items-baseline justify-between gap-2">
            <Heading id="composer-topics-title" slot="title" className="text-sm font-semibold text-neutral-900 dark:text-white">
              Topics
            </Heading>
            <span aria-live="polite" className="text-xs text-neutral-600 dark:text-neutral-400">
              <span className="sr-only">Chosen: </span>
              {chosen.length}/{CHOSEN_TOPICS_MAX}
            </span>
          </div>
          <div role="group" aria-labelledby="composer-topics-title" className="flex flex-wrap gap-1.5">
            {INTEREST_TOPICS.map((topic) => {
              const selected = chosen.includes(topic);
              const Image = TOPIC_IMAGES[topic];
              return (
                <ToggleButton
                  key={topic}
                  isSelected={selected}
                  isDisabled={!togglable.includes(topic)}
                  onChange={() => actor.send(toggle(topic))}
                  className={
                    'inline-flex cursor-pointer items-center gap-1 rounded-full border border-neutral-300 px-2.5 py-1 text-xs font-semibold text-neutral-800 outline-none ' +
                    'data-[selected]:border-neutral-900 data-[selected]:bg-neutral-900 data-[selected]:text-white ' +
                    'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-45 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent ' +
                    'dark:border-neutral-700 dark:text-neutral-200 dark:data-[selected]:border-white dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900'
                  }
                >
                  {selected ? <Check aria-hidden="true" size={12} /> : <Image aria-hidden="true" size={12} />}
                  {topicLabel(topic)}
                </ToggleButton>
              );
            })}
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/** The marked topics under the text, each removable; nothing at all while none is marked. */
export function ChosenTopics({ actor, isDisabled }: { actor: ComposerActorRef; isDisabled?: boolean }) {
  const chosen = useSelector(actor, selectTopics);
  if (chosen.length === 0) return null;
  return (
    <ul aria-label="Topics of this post" className="-mt-1 flex flex-wrap gap-1.5">
      {chosen.map((topic) => (
        <li key={topic}>
          <span className="inline-flex items-center gap-0.5 rounded-full bg-neutral-100 py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
            {topicLabel(topic)}
            <button
              type="button"
              disabled={isDisabled}
              aria-label={`Remove topic ${topicLabel(topic)}`}
              onClick={() => actor.send(toggle(topic))}
              className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed dark:hover:bg-neutral-700"
            >
              <X aria-hidden="true" size={12} />
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
