import { createContext, useContext } from 'react';
import type { Post } from '../../api';

/**
 * The seam between the lists (feed, questions, post page) and the composer.
 * The lists call `openComposer`; the composer (provided by its own feature) calls back
 * `onPublished(post)` after a create/edit and `onDeleted(postId)` after a delete. The lists
 * upsert/remove idempotently: the same post may also arrive through the socket.
 */
export type ComposerRequest =
  /** `group`: the post goes into that group (its privacy is the group's). */
  | { type: 'createpost'; group?: { id: string; name: string } }
  | { type: 'createquestion' }
  | { type: 'editpost'; post: Post }
  | { type: 'deletepost'; post: Post };

export interface ComposerCallbacks {
  /** A post or question was created or edited: the server's copy. */
  onPublished?: (post: Post) => void;
  /** A post or question was deleted. */
  onDeleted?: (postId: string) => void;
}

export interface ComposerApi {
  /** Opens the composer (or the delete dialog for 'deletepost'). */
  openComposer: (request: ComposerRequest & { post?: Post }, callbacks?: ComposerCallbacks) => void;
  /** Starts fetching the composer's code (on the intent to open it: hover, focus of a create button). */
  preloadComposer?: () => void;
}

/** The default does nothing: pages render and test without a composer. */
export const noopComposer: ComposerApi = { openComposer: () => {} };

export const ComposerContext = createContext<ComposerApi>(noopComposer);

export const ComposerProvider = ComposerContext.Provider;

export const useComposer = (): ComposerApi => useContext(ComposerContext);
