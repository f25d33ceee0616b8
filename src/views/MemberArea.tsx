import { Redirect, Route, Switch } from 'wouter';
import { MemberGuard } from './guards/MemberGuard';
import { MemberLayout } from './layouts/MemberLayout';
import { ComposerProvider } from './composer/ComposerProvider';
import { SectionPlaceholder } from './pages/member/SectionPlaceholder';
import NotFoundPage from './pages/NotFoundPage';
import StreamsPage from './pages/member/StreamsPage';
import QuestionsPage from './pages/member/QuestionsPage';
import QuestionPage from './pages/member/QuestionPage';
import PostPage from './pages/member/PostPage';
import SavePage from './pages/member/SavePage';
import PhotosPage from './pages/member/PhotosPage';
import VideosPage from './pages/member/VideosPage';
import PeoplePage from './people/PeoplePage';
import ProfilePage from './people/ProfilePage';
import SettingsPage from './people/SettingsPage';
import ChatPage from './pages/member/ChatPage';
import CreateGroupPage from './groups/CreateGroupPage';
import GroupsPage from './groups/GroupsPage';
import GroupPage from './groups/GroupPage';
import NotificationsPage from './notifications/NotificationsPage';
import SearchPage from './search/SearchPage';

/** /app/social: the guarded member layout and its child routes (spec section 2). */
export default function MemberArea() {
  return (
    <MemberGuard>
      {/* One composer for the whole area; each page passes its own callbacks when it opens it. */}
      <ComposerProvider>
        <MemberLayout>
          <Switch>
            <Route path="/">
              <Redirect to="/streams" replace />
            </Route>
            <Route path="/streams" component={StreamsPage} />
            <Route path="/questions" component={QuestionsPage} />
            <Route path="/question/:questionId">{(params) => <QuestionPage key={params.questionId} questionId={params.questionId} />}</Route>
            <Route path="/search">{() => <SearchPage />}</Route>
            <Route path="/save" component={SavePage} />
            <Route path="/post/:postId">{(params) => <PostPage key={params.postId} postId={params.postId} />}</Route>
            <Route path="/chat/messages" component={ChatPage} />
            <Route path="/people" component={PeoplePage} />
            <Route path="/photos" component={PhotosPage} />
            <Route path="/videos" component={VideosPage} />
            <Route path="/notifications">{() => <NotificationsPage />}</Route>
            <Route path="/group/:groupId">{(params) => <GroupPage key={params.groupId} groupId={params.groupId} />}</Route>
            <Route path="/groups">{() => <GroupsPage />}</Route>
            <Route path="/create-group" component={CreateGroupPage} />
            <Route path="/profile/:username">{(params) => <ProfilePage key={params.username} username={decodeURIComponent(params.username)} />}</Route>
            <Route path="/profile">{() => <SectionPlaceholder section="Profile" />}</Route>
            <Route path="/setting/:username">{(params) => <SettingsPage username={decodeURIComponent(params.username)} />}</Route>
            <Route component={NotFoundPage} />
          </Switch>
        </MemberLayout>
      </ComposerProvider>
    </MemberGuard>
  );
}
