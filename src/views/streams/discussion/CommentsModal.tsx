import type { Commenter } from '../../../machines/streams/discussion/comments.machine';
import { SheetDialog } from '../../ui/SheetDialog';
import { CommentsPanel } from './CommentsPanel';

/** A post's comments over the list (opened from a card's comments button). */
export function CommentsModal(props: {
  postId: string;
  me: Commenter;
  onCount: (postId: string, commentsCount: number) => void;
  onClose: () => void;
}) {
  return (
    <SheetDialog title="Comments" onClose={props.onClose}>
      <CommentsPanel postId={props.postId} me={props.me} onCount={props.onCount} />
    </SheetDialog>
  );
}
