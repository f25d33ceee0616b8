import { z } from 'zod';
import { INTEREST_TOPICS } from '../constants';
import { CHOSEN_TOPICS_MAX } from './topics';

/** The topic schemas apart from topics.ts, so that the composer reads the topic words without zod. */
export const topicSchema = z.enum(INTEREST_TOPICS, { error: `Topic must be one of ${INTEREST_TOPICS.join(', ')}` });
export const chosenTopicsSchema = z
  .array(topicSchema)
  .max(CHOSEN_TOPICS_MAX, `Choose at most ${CHOSEN_TOPICS_MAX} topics`)
  .transform((topics) => [...new Set(topics)]);
