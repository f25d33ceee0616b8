import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { DocumentTitle } from './shell/DocumentTitle';
import { PageErrorBoundary } from './shell/PageErrorBoundary';
import { PageSpinner } from './ui/PageSpinner';

// Every route is a chunk of its own, fetched when it is opened: the entry holds the app actor and
// this switch, so neither the sign-in page (react-aria's tabs and fields, the auth forms) weighs
// on a member's streams nor the member area on the sign-in page.
const AuthPage = lazy(() => import('./auth/AuthPage'));
const MemberArea = lazy(() => import('./MemberArea'));
const AdminArea = lazy(() => import('./AdminArea'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const CheckpointPage = lazy(() => import('./checkpoint/CheckpointPage'));
const IssuePage = lazy(() => import('./checkpoint/IssuePage'));
const ApprovalPage = lazy(() => import('./checkpoint/ApprovalPage'));
const AdminSignInPage = lazy(() => import('./auth/AdminSignInPage'));
const AdminSignUpPage = lazy(() => import('./auth/AdminSignUpPage'));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));

/** Every route of the spec (section 2), and the tab's title of each (shell/pageTitles.ts). */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <DocumentTitle />
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/" component={AuthPage} />
          <Route path="/checkpoint">{() => <CheckpointPage />}</Route>
          <Route path="/issua">{() => <IssuePage />}</Route>
          <Route path="/aarovel">{() => <ApprovalPage />}</Route>
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/admin/signup" component={AdminSignUpPage} />
          <Route path="/admin/signin" component={AdminSignInPage} />
          <Route path="/app/social" nest>
            <MemberArea />
          </Route>
          <Route path="/admin" nest>
            <AdminArea />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
