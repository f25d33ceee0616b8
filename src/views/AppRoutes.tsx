import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import AuthPage from './pages/AuthPage';
import ForgotPasswordPage from './pages/ForgotPasswordPage';
import ResetPasswordPage from './pages/ResetPasswordPage';
import CheckpointPage from './pages/CheckpointPage';
import IssuePage from './pages/IssuePage';
import ApprovalPage from './pages/ApprovalPage';
import AdminSignInPage from './pages/AdminSignInPage';
import AdminSignUpPage from './pages/AdminSignUpPage';
import NotFoundPage from './pages/NotFoundPage';
import { PageSpinner } from './components/PageSpinner';

// The member and admin areas load on demand, so the sign-in route stays small.
const MemberArea = lazy(() => import('./MemberArea'));
const AdminArea = lazy(() => import('./AdminArea'));

/** Every route of the spec (section 2). */
export function AppRoutes() {
  return (
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
  );
}
