import { useMemo } from 'react';
import { authorLogic } from '../../effects/streams/author';
import { useStreamsLogic } from '../streams/StreamsLogic';

/**
 * The author machine (follow, block, report) bound like the streams' machines around it (real or
 * test fakes). Only the modules that follow or block import it (a card's menu, the follow buttons),
 * so a list of posts loads the machine with the first of those, not with the list.
 */
export function useAuthorLogic() {
  const streams = useStreamsLogic();
  return useMemo(() => authorLogic(streams.bound), [streams]);
}
