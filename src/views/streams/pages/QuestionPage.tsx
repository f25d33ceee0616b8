import { useSelector } from '@xstate/react';
import { shortenNumber } from '../../../api/numbers';
import { outboxWaitingCount } from '../../../machines/offline/outbox.connect';
import { useAppChild } from '../../AppContext';
import { useSessionProfile } from '../../layouts/useShell';
import { commenterOf } from '../post/postOverlays';
import { AnswersPanel } from '../discussion/AnswersPanel';
import PostPage from './PostPage';

const BACK = { href: '/questions', label: 'Back to Questions' };

/** /question/{questionId}: the question (its card, reactions and comments) with its answers. */
export default function QuestionPage({ questionId }: { questionId: string }) {
  const me = commenterOf(useSessionProfile());
  // The member's answers waiting in the outbox count while they wait; sent, the server's count has them.
  const waiting = useSelector(useAppChild('outbox'), (s) => outboxWaitingCount(s, 'answer', questionId));
  return (
    <PostPage
      postId={questionId}
      backTo={BACK}
      title="Question"
      extra={(post, feed) => (
        <section
          aria-labelledby="answers-title"
          className="rounded-3xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="answers-title" className="px-5 pt-4 text-lg font-bold text-neutral-900 dark:text-white">
            Answers{' '}
            <span className="font-normal text-neutral-600 dark:text-neutral-400">
              ({String(shortenNumber(post.answersCount + waiting))})
            </span>
          </h2>
          {me ? (
            <AnswersPanel
              questionId={questionId}
              me={me}
              onQuestionChanged={(q) =>
                feed.send({ type: 'feed.answers', questionId: q._id, answersCount: q.answersCount, acceptedAnswerId: q.acceptedAnswerId })
              }
            />
          ) : null}
        </section>
      )}
    />
  );
}
