import { CircleHelp } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../ui/Button';
import { PageWithAside } from '../../layouts/PageWithAside';
import { useComposer } from '../ComposerContext';
import { FeedList } from '../FeedList';
import { EmptyState, PageTitle } from '../PageParts';
import { useFeed } from '../useFeed';

/** /app/social/questions: the questions members asked. */
export default function QuestionsPage() {
  const source = useMemo(() => ({ kind: 'questions' as const }), []);
  const { feed, callbacks } = useFeed(source);
  const { openComposer, preloadComposer } = useComposer();
  return (
    <PageWithAside>
      <div className="mx-auto flex max-w-2xl flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <PageTitle>Questions</PageTitle>
          <Button
            icon={<CircleHelp size={18} />}
            onHoverStart={preloadComposer}
            onFocus={preloadComposer}
            onPress={() => openComposer({ type: 'createquestion' }, callbacks)}
          >
            Ask a question
          </Button>
        </div>
        <FeedList
          feed={feed}
          callbacks={callbacks}
          noun="question"
          empty={<EmptyState title="No questions yet" text="Ask the first one: someone here knows the answer." />}
        />
      </div>
    </PageWithAside>
  );
}
