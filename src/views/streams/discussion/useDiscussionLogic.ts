import { useMemo } from 'react';
import { discussionLogic, type DiscussionLogic } from '../../../effects/streams/discussion';
import { useStreamsLogic } from '../StreamsLogic';

/** The comments and answers machines, bound like the streams' machines around them (real or test fakes). */
export function useDiscussionLogic(): DiscussionLogic {
  const streams = useStreamsLogic();
  return useMemo(() => discussionLogic(streams.bound), [streams]);
}
