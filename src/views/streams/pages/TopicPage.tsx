import { useMemo } from 'react';
import { topicLabel, topicNamed, type Topic } from '../../../api/posts/topics';
import { PageHeader } from '../../shell/PageHeader';
import { FeedList } from '../FeedList';
import { EmptyState } from '../PageParts';
import { useFeed } from '../useFeed';

function TopicPosts({ topic }: { topic: Topic }) {
  const source = useMemo(() => ({ kind: 'topic' as const, topic }), [topic]);
  const { feed, callbacks } = useFeed(source);
  return (
    <FeedList
      feed={feed}
      callbacks={callbacks}
      empty={
        <EmptyState
          title={`No posts about ${topicLabel(topic)} yet`}
          text={`Posts you can see that are marked ${topicLabel(topic)}, or tagged with one of its hashtags, will appear here.`}
        />
      }
    />
  );
}

/**
 * /app/social/topic/{topic}: an interest topic's posts and questions, newest first (a topic chip
 * of a post card opens it). A name that is no topic shows so, without asking the server.
 */
export default function TopicPage({ name }: { name: string }) {
  const topic = topicNamed(name);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader title={topic ? topicLabel(topic) : 'Topic'} back="/streams" />
      {topic ? (
        <TopicPosts key={topic} topic={topic} />
      ) : (
        <EmptyState title="No such topic" text="Topics are the interests posts are marked with, such as Science or Music." />
      )}
    </div>
  );
}
