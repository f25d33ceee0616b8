import { lazy, Suspense, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { MemberGuard } from './guards/MemberGuard';
import { MemberLayout } from './layouts/MemberLayout';
import { useSessionProfile } from './layouts/useShell';
import { ComposerProvider } from './composer/ComposerProvider';
import { PageErrorBoundary } from './shell/PageErrorBoundary';
import { PageSpinner } from './ui/PageSpinner';
import { OwnProfile } from './people/profile/OwnProfile';
import StreamsPage from './streams/pages/StreamsPage';
import QuestionsPage from './streams/pages/QuestionsPage';
import SavePage from './streams/pages/SavePage';
import PhotosPage from './streams/pages/PhotosPage';
import VideosPage from './streams/pages/VideosPage';
import TopicPage from './streams/pages/TopicPage';

// The lists of posts (streams, questions, saved, photos, videos, a topic's) share most of their code and come
// with the member area; the others are chunks of their own, fetched when opened, so the streams
// (where members land) carry no chat, groups, people, search or settings, nor the page of one post
// or question with its comment and answer forms.
const PostPage = lazy(() => import('./streams/pages/PostPage'));
const QuestionPage = lazy(() => import('./streams/pages/QuestionPage'));
const PeoplePage = lazy(() => import('./people/PeoplePage'));
const ProfilePage = lazy(() => import('./people/profile/ProfilePage'));
const SettingsPage = lazy(() => import('./people/SettingsPage'));
const ChatPage = lazy(() => import('./chat/ChatPage'));
const CreateGroupPage = lazy(() => import('./groups/CreateGroupPage'));
const GroupsPage = lazy(() => import('./groups/GroupsPage'));
const GroupPage = lazy(() => import('./groups/page/GroupPage'));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage'));
const SearchPage = lazy(() => import('./search/SearchPage'));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));
const DeletionNotice = lazy(() => import('./account/data/DeletionNotice').then((module) => ({ default: module.DeletionNotice })));

/**
 * The notice of a scheduled deletion, fetched (with the deletion's state) only when the answer that
 * let the member in says one is scheduled: not a request and 1.2 KB on every member's first page.
 * Kept once shown, whatever later answers say: the notice's own actor knows when it is cancelled.
 */
function ScheduledDeletionNotice() {
  const scheduled = useSessionProfile()?.deletion !== undefined;
  const [shown, setShown] = useState(scheduled);
  if (scheduled && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <DeletionNotice />
    </Suspense>
  ) : null;
}

/** /app/social: the guarded member layout and its child routes (spec section 2). */
export default function MemberArea() {
  return (
    <MemberGuard>
      {/* One composer for the whole area; each page passes its own callbacks when it opens it. */}
      <ComposerProvider>
        <MemberLayout>
          {/* Inside the layout: while a page's chunk loads, the header and navigation stay. */}
          {/* Signing in while the account is scheduled for deletion offers to cancel it. */}
          <ScheduledDeletionNotice />
          <PageErrorBoundary>
            <Suspense fallback={<PageSpinner />}>
              <Switch>
                <Route path="/">
                  <Redirect to="/streams" replace />
                </Route>
                <Route path="/streams" component={StreamsPage} />
                <Route path="/questions" component={QuestionsPage} />
                <Route path="/question/:questionId">
                  {(params) => <QuestionPage key={params.questionId} questionId={params.questionId} />}
                </Route>
                <Route path="/search">{() => <SearchPage />}</Route>
                <Route path="/save" component={SavePage} />
                <Route path="/post/:postId">{(params) => <PostPage key={params.postId} postId={params.postId} />}</Route>
                <Route path="/chat/messages" component={ChatPage} />
                <Route path="/people" component={PeoplePage} />
                <Route path="/photos" component={PhotosPage} />
                <Route path="/videos" component={VideosPage} />
                <Route path="/topic/:topic">{(params) => <TopicPage name={decodeURIComponent(params.topic)} />}</Route>
                <Route path="/notifications">{() => <NotificationsPage />}</Route>
                <Route path="/group/:groupId">{(params) => <GroupPage key={params.groupId} groupId={params.groupId} />}</Route>
                <Route path="/groups">{() => <GroupsPage />}</Route>
                <Route path="/create-group" component={CreateGroupPage} />
                <Route path="/profile/:username">
                  {(params) => <ProfilePage key={params.username} username={decodeURIComponent(params.username)} />}
                </Route>
                <Route path="/profile" component={OwnProfile} />
                <Route path="/setting/:username">{(params) => <SettingsPage username={decodeURIComponent(params.username)} />}</Route>
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </PageErrorBoundary>
        </MemberLayout>
      </ComposerProvider>
    </MemberGuard>
  );
}
