import { INTEREST_TOPICS } from '../../src/api/constants';
import type { Topic } from '../../src/api/posts/topics';

// The server's side of a post's topics: which topics its hashtags give, and how a row stores
// them. Only the server needs them (the client reads the topics a post comes with).

/**
 * Which interest topic a hashtag speaks of: a tag equal to a topic's name, or one of
 * the words listed under it. Lower-case, as hashtagsOf gives them. The list is data, meant to be
 * tuned (docs/server.md, "For you"); a tag under no topic still links and trends, it just adds no
 * topic to its post.
 */
export const HASHTAG_TOPICS: Record<Topic, readonly string[]> = {
  science: [
    'physics',
    'chemistry',
    'biology',
    'astronomy',
    'space',
    'math',
    'maths',
    'mathematics',
    'geology',
    'climate',
    'neuroscience',
    'quantum',
    'stem',
  ],
  music: ['guitar', 'piano', 'jazz', 'rock', 'hiphop', 'classical', 'song', 'songwriting', 'band', 'concert'],
  books: ['book', 'reading', 'novel', 'literature', 'bookclub', 'poetry', 'library'],
  food: ['foodie', 'recipe', 'recipes', 'vegan', 'vegetarian', 'restaurant', 'coffee', 'tea', 'baking'],
  travel: ['trip', 'travelling', 'traveling', 'backpacking', 'vacation', 'holiday', 'roadtrip', 'wanderlust'],
  fitness: ['gym', 'workout', 'running', 'yoga', 'cycling', 'training', 'health', 'marathon'],
  psychology: ['mind', 'mentalhealth', 'cognition', 'behaviour', 'behavior', 'therapy', 'wellbeing'],
  history: ['ancient', 'medieval', 'archaeology', 'historical', 'war', 'heritage'],
  gaming: ['games', 'videogames', 'boardgames', 'esports', 'gamedev', 'chess'],
  photography: ['photo', 'photos', 'camera', 'portrait', 'landscape', 'streetphotography', 'film35mm'],
  filmmaking: ['film', 'movie', 'movies', 'cinema', 'video', 'documentary', 'editing'],
  gardening: ['garden', 'plants', 'houseplants', 'flowers', 'permaculture', 'compost'],
  diy: ['maker', 'crafts', 'woodworking', 'repair', 'electronics', 'knitting', 'sewing'],
  technology: ['tech', 'programming', 'coding', 'javascript', 'typescript', 'python', 'ai', 'software', 'webdev', 'linux', 'opensource'],
  business: ['startup', 'startups', 'entrepreneur', 'finance', 'economics', 'investing', 'management'],
  education: ['learning', 'study', 'studying', 'school', 'university', 'teaching', 'exam', 'exams', 'homework', 'students'],
  sports: ['football', 'soccer', 'basketball', 'tennis', 'cricket', 'olympics', 'rugby', 'baseball'],
  cooking: ['cook', 'kitchen', 'chef', 'bread', 'dinner', 'homecooking'],
  fashion: ['style', 'outfit', 'clothes', 'streetwear', 'design'],
  writing: ['writer', 'writers', 'amwriting', 'fiction', 'essay', 'blogging', 'storytelling'],
  marketing: ['seo', 'socialmedia', 'branding', 'advertising', 'content', 'growth'],
  art: ['drawing', 'painting', 'illustration', 'sketch', 'artist', 'sculpture', 'digitalart'],
};

const TOPIC_OF_TAG = new Map<string, Topic>(
  (Object.entries(HASHTAG_TOPICS) as [Topic, readonly string[]][]).flatMap(([topic, words]) => [
    [topic, topic] as const,
    ...words.map((w) => [w, topic] as const),
  ]),
);

/** The topics of a set of hashtags, each once, in the order their tags come. */
export function topicsOfTags(tags: readonly string[]): Topic[] {
  const topics = new Set<Topic>();
  for (const tag of tags) {
    const topic = TOPIC_OF_TAG.get(tag);
    if (topic) topics.add(topic);
  }
  return [...topics];
}

/** Topics are stored comma-joined on the post row (0014_hashtags). */
export const joinTopics = (topics: readonly Topic[]) => topics.join(',');
export const splitTopics = (text: string): Topic[] =>
  text === '' ? [] : (text.split(',').filter((t) => (INTEREST_TOPICS as readonly string[]).includes(t)) as Topic[]);
