import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Post } from '../../api/posts';
import { selectIsOpen } from '../../machines/composer/composer.connect';
import { randomClientSeed } from '../../machines/shared/clientIds';
import { useScreenActor } from '../shared/useScreenActor';
import type { ComposerActorRef } from './composerActor';
import { useComposerLogic } from './ComposerLogic';

// The modal and the delete dialog (their pickers, panels and react-aria overlays): the provider
// starts fetching the modal with this module (ComposerProvider.tsx), so a first open waits for one
// round trip, not two.
const ComposerModal = lazy(() => import('./ComposerModal').then((module) => ({ default: module.ComposerModal })));
const DeletePostDialog = lazy(() => import('./DeletePostDialog').then((module) => ({ default: module.DeletePostDialog })));

export interface ComposerHostProps {
  /** The running composer, once: the provider sends it the request that brought this module, and the later ones. */
  onActor: (actor: ComposerActorRef) => void;
  onPublished: (post: Post) => void;
  onDeleted: (postId: string) => void;
}

/**
 * The composer's actor (its machine, draft rules and effects) and its modal and delete dialog:
 * fetched by ComposerProvider on the member's first request to write, edit or delete (or the intent
 * to, on the create buttons), then kept for the visit. Most visits to the streams never write a post.
 */
export function ComposerHost({ onActor, onPublished, onDeleted }: ComposerHostProps) {
  const { composer } = useComposerLogic();
  const actor = useScreenActor(composer, { input: { clientSeed: randomClientSeed() } });
  // Mounted from the first open on, so a closing modal still plays its exit and a second open is instant.
  const open = useSelector(actor, selectIsOpen);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);

  useEffect(() => {
    const published = actor.on('published', ({ post }) => onPublished(post));
    const deleted = actor.on('deleted', ({ postId }) => onDeleted(postId));
    onActor(actor);
    return () => {
      published.unsubscribe();
      deleted.unsubscribe();
    };
  }, [actor, onActor, onPublished, onDeleted]);

  return used ? (
    <Suspense fallback={null}>
      <ComposerModal actor={actor} />
      <DeletePostDialog actor={actor} />
    </Suspense>
  ) : null;
}
