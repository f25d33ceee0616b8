import { useSelector } from '@xstate/react';
import { Camera, X } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { MEDIA_RULES } from '../../machines/composer/composer.machine';
import { selectImageBusy, type SearchActorRef } from '../../machines/search/search.machine';
import {
  hasImageSearchFailed,
  imageError,
  imageResults,
  isReadingImage,
  isSearchingImage,
  searchImage,
} from '../../machines/search/search.connect';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { LoadError } from '../ui/LoadError';
import { PostSkeletons } from '../streams/post/PostSkeleton';
import { PostResults } from './SearchResults';

/** The camera control beside the search box: choose a picture to find the posts that show it. */
export function ImageSearchButton({ actor }: { actor: SearchActorRef }) {
  const busy = useSelector(actor, selectImageBusy);
  return (
    <FileTrigger
      acceptedFileTypes={[...MEDIA_RULES.image.types]}
      onSelect={(files) => {
        const file = files?.[0];
        if (file) actor.send({ type: 'image.choose', file });
      }}
    >
      <Button variant="secondary" isDisabled={busy} icon={<Camera size={18} />} className="h-11 shrink-0" aria-label="Search by picture">
        <span className="hidden sm:inline">Picture</span>
      </Button>
    </FileTrigger>
  );
}

/** The picture's search: what was chosen, its progress, and the posts whose pictures look like it. */
export function ImageSearchPanel({ actor }: { actor: SearchActorRef }) {
  const image = useSelector(actor, searchImage);
  const results = useSelector(actor, imageResults);
  const error = useSelector(actor, imageError);
  const reading = useSelector(actor, isReadingImage);
  const searching = useSelector(actor, isSearchingImage);
  const failed = useSelector(actor, hasImageSearchFailed);
  const clear = () => actor.send({ type: 'image.clear' });

  if (!image)
    return error ? (
      <Alert tone="error" title="That file cannot be searched">
        {error}
      </Alert>
    ) : null;
  const count = results?.posts.length ?? 0;
  return (
    <section
      aria-labelledby="image-search-title"
      className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex items-center gap-3">
        {image.dataUrl ? (
          <img src={image.dataUrl} alt="The picture searched for" className="size-14 shrink-0 rounded-xl object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300"
          >
            <Camera size={22} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id="image-search-title" className="font-semibold text-neutral-900 dark:text-white">
            Posts with this picture
          </h2>
          <p className="truncate text-sm text-neutral-600 dark:text-neutral-400" role="status">
            {reading
              ? 'Reading the picture…'
              : searching
                ? 'Looking for posts with this picture…'
                : results
                  ? `${count} ${count === 1 ? 'post' : 'posts'} found`
                  : image.name}
          </p>
        </div>
        <IconButton label="Clear the picture search" onPress={clear}>
          <X size={20} />
        </IconButton>
      </div>
      {searching || reading ? <PostSkeletons count={1} label="Searching by picture" /> : null}
      {failed ? (
        <LoadError title="Could not search by this picture" onRetry={() => actor.send({ type: 'image.retry' })}>
          {error}
        </LoadError>
      ) : null}
      {results && count === 0 ? (
        <p className="rounded-2xl border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          No post you can see has a picture like this one.
        </p>
      ) : null}
      {results && count > 0 ? <PostResults actor={actor} posts={results.posts} label="Posts with this picture" /> : null}
    </section>
  );
}
