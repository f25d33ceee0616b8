import PostPage from './PostPage';

/**
 * /question/{questionId}: the question with its comments and reactions. The answers list, the
 * answer form and accepting an answer are not built yet (docs/client-streams.md, "Left to do").
 */
export default function QuestionPage({ questionId }: { questionId: string }) {
  return <PostPage postId={questionId} />;
}
