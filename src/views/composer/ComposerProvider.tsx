import { randomClientSeed } from '../../machines/shared/clientIds';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Post } from '../../api/posts';
import { selectIsOpen } from '../../machines/composer/composer.connect';
import { useScreenActor } from '../shared/useScreenActor';
import { ComposerContext, type ComposerApi, type ComposerCallbacks, type ComposerRequest } from '../streams/ComposerContext';
import { useComposerLogic } from './ComposerLogic';

// The modal and the delete dialog (their pickers, panels and react-aria overlays) are fetched on
// the first open: most visits to the streams never write a post.
const ComposerModal = lazy(() => import('./ComposerModal').then((module) => ({ default: module.ComposerModal })));
const DeletePostDialog = lazy(() => import('./DeletePostDialog').then((module) => ({ default: module.DeletePostDialog })));

/** What the composer context offers: the feed's `openComposer`, and the author's delete action. */
export interface ComposerControls extends ComposerApi {
  openDeleteDialog: (post: Post, callbacks?: ComposerCallbacks) => void;
}

export interface ComposerProviderProps {
  /** After a successful create or edit: the server's copy of the post. */
  onPublished?: (post: Post) => void;
  /** After a successful delete. */
  onDeleted?: (postId: string) => void;
  children?: ReactNode;
}

/**
 * Owns the composer actor, renders its modal and delete dialog, and gives the pages under it
 * `openComposer` (ComposerContext). The callbacks of the provider run after every success; the
 * ones passed to a single `openComposer` call run after that one.
 */
export function ComposerProvider({ onPublished, onDeleted, children }: ComposerProviderProps) {
  const { composer } = useComposerLogic();
  const actor = useScreenActor(composer, { input: { clientSeed: randomClientSeed() } });
  const handlers = useRef({ onPublished, onDeleted });
  handlers.current = { onPublished, onDeleted };
  const perCall = useRef<ComposerCallbacks | undefined>(undefined);
  // Mounted from the first open on, so a closing modal still plays its exit and a second open is instant.
  const open = useSelector(actor, selectIsOpen);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);

  useEffect(() => {
    const published = actor.on('published', ({ post }) => {
      handlers.current.onPublished?.(post);
      perCall.current?.onPublished?.(post);
    });
    const deleted = actor.on('deleted', ({ postId }) => {
      handlers.current.onDeleted?.(postId);
      perCall.current?.onDeleted?.(postId);
    });
    return () => {
      published.unsubscribe();
      deleted.unsubscribe();
    };
  }, [actor]);

  const controls = useMemo<ComposerControls>(() => {
    // A request while the composer is busy is ignored by the machine; keep the callbacks of the
    // request it is serving.
    const remember = (callbacks?: ComposerCallbacks) => {
      if (actor.getSnapshot().matches('closed')) perCall.current = callbacks;
    };
    const openDeleteDialog = (post: Post, callbacks?: ComposerCallbacks) => {
      remember(callbacks);
      actor.send({ type: 'composer.delete.open', post });
    };
    return {
      openComposer(request: ComposerRequest & { post?: Post }, callbacks?: ComposerCallbacks) {
        if (request.type === 'deletepost') return openDeleteDialog(request.post, callbacks);
        if (request.type === 'editpost') {
          if (!request.post) return;
          remember(callbacks);
          actor.send({ type: 'composer.edit', post: request.post });
          return;
        }
        remember(callbacks);
        actor.send({
          type: 'composer.open',
          modalType: request.type,
          ...(request.type === 'createpost' && request.group ? { group: request.group } : {}),
        });
      },
      openDeleteDialog,
    };
  }, [actor]);

  return (
    <ComposerContext.Provider value={controls}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ComposerModal actor={actor} />
          <DeletePostDialog actor={actor} />
        </Suspense>
      ) : null}
    </ComposerContext.Provider>
  );
}

/**
 * The composer's controls for a page under ComposerProvider; `openDeleteDialog` is missing
 * where no provider runs (the context's default does nothing).
 */
export function useComposerControls(): ComposerApi & Partial<Pick<ComposerControls, 'openDeleteDialog'>> {
  return useContext(ComposerContext) as ComposerApi & Partial<ComposerControls>;
}
