import { useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Post } from '../../api/posts';
import type { ComposerEvent } from '../../machines/composer/composer.types';
import { deferred } from '../overlays/Deferred';
import { ComposerContext, type ComposerApi, type ComposerCallbacks, type ComposerRequest } from '../streams/ComposerContext';
import type { ComposerActorRef } from './composerActor';

// The composer's actor, modal and dialogs (ComposerHost.tsx) come on the first request, with the
// modal fetched beside them: nothing of the composer is on a list's first paint.
const ComposerHost = deferred(() =>
  Promise.all([import('./ComposerHost'), import('./ComposerModal')]).then(([module]) => module.ComposerHost),
);

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
 * Gives the pages under it `openComposer` (ComposerContext) and, from the first request on, runs the
 * composer (ComposerHost: its actor, modal and delete dialog). A request made while the composer's
 * code is still on its way is kept and sent when it arrives (if the fetch fails, a toast says so and
 * the next request tries again). The callbacks of the provider run after every success; the ones
 * passed to a single `openComposer` call run after that one.
 */
export function ComposerProvider({ onPublished, onDeleted, children }: ComposerProviderProps) {
  const handlers = useRef({ onPublished, onDeleted });
  handlers.current = { onPublished, onDeleted };
  const perCall = useRef<ComposerCallbacks | undefined>(undefined);
  const actor = useRef<ComposerActorRef | null>(null);
  /** The request that waits for the composer's code (the member's latest). */
  const waiting = useRef<ComposerEvent | null>(null);
  // `requests` draws the host again on each request made before it runs (a failed fetch is tried again).
  const [requests, setRequests] = useState(0);

  const onActor = useCallback((running: ComposerActorRef) => {
    actor.current = running;
    const request = waiting.current;
    waiting.current = null;
    if (request) running.send(request);
  }, []);
  const published = useCallback((post: Post) => {
    handlers.current.onPublished?.(post);
    perCall.current?.onPublished?.(post);
  }, []);
  const deleted = useCallback((postId: string) => {
    handlers.current.onDeleted?.(postId);
    perCall.current?.onDeleted?.(postId);
  }, []);

  const controls = useMemo<ComposerControls>(() => {
    const send = (event: ComposerEvent, callbacks?: ComposerCallbacks) => {
      const running = actor.current;
      // A request while the composer is busy is ignored by the machine; keep the callbacks of the
      // request it is serving.
      if (!running || running.getSnapshot().matches('closed')) perCall.current = callbacks;
      if (running) return running.send(event);
      waiting.current = event;
      setRequests((n) => n + 1);
    };
    const openDeleteDialog = (post: Post, callbacks?: ComposerCallbacks) => send({ type: 'composer.delete.open', post }, callbacks);
    return {
      openComposer(request: ComposerRequest & { post?: Post }, callbacks?: ComposerCallbacks) {
        if (request.type === 'deletepost') return openDeleteDialog(request.post, callbacks);
        if (request.type === 'editpost') {
          if (!request.post) return;
          return send({ type: 'composer.edit', post: request.post }, callbacks);
        }
        send(
          {
            type: 'composer.open',
            modalType: request.type,
            ...(request.type === 'createpost' && request.group ? { group: request.group } : {}),
          },
          callbacks,
        );
      },
      preloadComposer: ComposerHost.preload,
      openDeleteDialog,
    };
  }, []);

  return (
    <ComposerContext.Provider value={controls}>
      {children}
      {requests > 0 ? <ComposerHost key="composer" onActor={onActor} onPublished={published} onDeleted={deleted} /> : null}
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
