import { INTEREST_TOPICS } from '../constants';

export type Topic = (typeof INTEREST_TOPICS)[number];
/** A topic as members read it: "Science", "DIY" (settings, the composer, post cards, reasons). */
export const topicLabel = (topic: Topic) => (topic === 'diy' ? 'DIY' : `${topic[0]!.toUpperCase()}${topic.slice(1)}`);

/** The topic a name gives (without regard to case: a route's segment), or null when it names none. */
export const topicNamed = (name: string): Topic | null => {
  const lower = name.toLowerCase();
  return (INTEREST_TOPICS as readonly string[]).includes(lower) ? (lower as Topic) : null;
};

/** The most topics an author may mark on a post (the composer's topic picker). */
export const CHOSEN_TOPICS_MAX = 3;
