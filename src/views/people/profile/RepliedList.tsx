import { useSelector } from '@xstate/react';
import { CircleCheck, MessageCircleQuestion } from 'lucide-react';
import { Link } from 'wouter';
import type { ProfileActorRef } from '../../../machines/people/profile/profile.machine';
import { Button } from '../../ui/Button';
import { FormattedText } from '../../ui/markdown/FormattedText';
import { EmptyState } from '../../streams/PageParts';
import { timeAgo } from '../../streams/post/format';
import { ListStatus } from './ProfileLists';
import { isListLoadingMore, isListReady, selectAnswers, selectAnswersTotal } from '../../../machines/people/profile/profile.connect';

/** The Replied tab: the member's answers (newest first) with the question each replies to, page by page. */
export function RepliedList({ actor, username }: { actor: ProfileActorRef; username: string }) {
  const answers = useSelector(actor, selectAnswers);
  const total = useSelector(actor, selectAnswersTotal);
  const loadingMore = useSelector(actor, (s) => isListLoadingMore(s, 'replied'));
  const ready = useSelector(actor, (s) => isListReady(s, 'replied'));
  if (!answers || !(ready || loadingMore)) return <ListStatus actor={actor} which="replied" />;
  if (answers.length === 0) return <EmptyState title="No replies yet" text={`${username} has not answered any question you can see.`} />;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Replies" aria-busy={loadingMore} className="flex flex-col gap-2">
        {answers.map((a) => (
          <li
            key={a._id}
            className="flex flex-col gap-2 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <Link
              href={`/question/${encodeURIComponent(a.questionId)}`}
              className="inline-flex items-start gap-2 text-sm font-semibold text-neutral-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-300"
            >
              <MessageCircleQuestion aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              <span className="line-clamp-2">{a.question.post || 'A question'}</span>
            </Link>
            {a.accepted ? (
              <p className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
                <CircleCheck aria-hidden="true" size={16} /> Accepted answer
              </p>
            ) : null}
            <FormattedText
              text={a.answer}
              format={a.format}
              place="answer"
              className="break-words text-[15px] text-neutral-900 dark:text-neutral-100"
            />
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              <time dateTime={a.createdAt} title={new Date(a.createdAt).toLocaleString()}>
                {timeAgo(a.createdAt)}
              </time>
              {a.editedAt ? ' · edited' : ''}
            </p>
          </li>
        ))}
      </ul>
      {answers.length < total ? (
        <div className="flex justify-center">
          <Button variant="secondary" isDisabled={loadingMore} onPress={() => actor.send({ type: 'profile.more' })}>
            {loadingMore ? 'Loading...' : 'Load more replies'}
          </Button>
        </div>
      ) : (
        <p className="text-center text-sm text-neutral-600 dark:text-neutral-400">That is every reply.</p>
      )}
    </div>
  );
}
