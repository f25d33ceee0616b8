import type { FeedOrder } from '../../api/posts/forYou';

const KEY = 'stoa.streamsOrder';

/**
 * The streams' order a member chose last ("the choice sticks"), per browser. "For you"
 * is the default while personalization is allowed; with it off, "Latest" is the only order.
 */
export function initialFeedOrder(allowPersonalize: boolean): FeedOrder {
  if (!allowPersonalize) return 'latest';
  try {
    return localStorage.getItem(KEY) === 'latest' ? 'latest' : 'forYou';
  } catch {
    return 'forYou';
  }
}

export function rememberFeedOrder(order: FeedOrder): void {
  try {
    localStorage.setItem(KEY, order);
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}
