import type { FeedReason } from '../../../api/posts/reasons';
import { topicLabel } from '../../../api/posts/topics';

/** A reason of the "For you" ranking in the member's words. */
export function reasonText(reason: FeedReason): string {
  switch (reason.kind) {
    case 'own':
      return 'This is your post';
    case 'follow':
      return `You follow ${reason.username}`;
    case 'interacted':
      return `You often read or react to ${reason.username}`;
    case 'interest':
      return `Matches your interest: ${topicLabel(reason.topic)}`;
    case 'popular':
      return 'Popular in the last day';
    case 'recent':
      return 'New in the community';
  }
}
