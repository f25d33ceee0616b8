import { Redirect, Route, Switch } from 'wouter';
import { MemberGuard } from './guards/MemberGuard';
import { MemberLayout } from './layouts/MemberLayout';
import { SectionPlaceholder } from './pages/member/SectionPlaceholder';
import NotFoundPage from './pages/NotFoundPage';

/** /app/social: the guarded member layout and its child routes (spec section 2). */
export default function MemberArea() {
  return (
    <MemberGuard>
      <MemberLayout>
        <Switch>
          <Route path="/">
            <Redirect to="/streams" replace />
          </Route>
          <Route path="/streams">{() => <SectionPlaceholder section="Streams" />}</Route>
          <Route path="/questions">{() => <SectionPlaceholder section="Questions" />}</Route>
          <Route path="/question/:questionId">{() => <SectionPlaceholder section="Question" />}</Route>
          <Route path="/search">{() => <SectionPlaceholder section="Search" />}</Route>
          <Route path="/save">{() => <SectionPlaceholder section="Save" />}</Route>
          <Route path="/post/:postId">{() => <SectionPlaceholder section="Post" />}</Route>
          <Route path="/chat/messages">{() => <SectionPlaceholder section="Chat" />}</Route>
          <Route path="/people">{() => <SectionPlaceholder section="People" />}</Route>
          <Route path="/photos">{() => <SectionPlaceholder section="Photos" />}</Route>
          <Route path="/videos">{() => <SectionPlaceholder section="Videos" />}</Route>
          <Route path="/notifications">{() => <SectionPlaceholder section="Notifications" />}</Route>
          <Route path="/group/:groupId">{() => <SectionPlaceholder section="Group" />}</Route>
          <Route path="/groups">{() => <SectionPlaceholder section="Groups" />}</Route>
          <Route path="/create-group">{() => <SectionPlaceholder section="Create group" />}</Route>
          <Route path="/profile/:username">{() => <SectionPlaceholder section="Profile" />}</Route>
          <Route path="/profile">{() => <SectionPlaceholder section="Profile" />}</Route>
          <Route path="/setting/:username">{() => <SectionPlaceholder section="Settings" />}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      </MemberLayout>
    </MemberGuard>
  );
}
