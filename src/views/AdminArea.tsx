import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { AdminGuard } from './guards/AdminGuard';
import { AdminLayout } from './layouts/AdminLayout';
import NotFoundPage from './shell/NotFoundPage';
import { PageSpinner } from './ui/PageSpinner';
import DashboardPage from './admin/pages/DashboardPage';
import UsersPage from './admin/pages/UsersPage';
import ReportedUsersPage from './admin/pages/ReportedUsersPage';
import BannedUsersPage from './admin/pages/BannedUsersPage';
import AppealsPage from './admin/pages/AppealsPage';
import ReportedPostsPage from './admin/pages/ReportedPostsPage';
import HiddenPostsPage from './admin/pages/HiddenPostsPage';
import AdminProfilePage from './admin/pages/AdminProfilePage';
import AuditLogPage from './admin/pages/AuditLogPage';
import MemberPage from './admin/pages/MemberPage';
import ScheduledDeletionsPage from './account/data/ScheduledDeletionsPage';

// The chart pages carry recharts: a chunk of their own, loaded only when one is opened.
const PostsChartPage = lazy(() => import('./admin/pages/ChartPages').then((m) => ({ default: m.PostsChartPage })));
const UsersChartPage = lazy(() => import('./admin/pages/ChartPages').then((m) => ({ default: m.UsersChartPage })));

/** /admin: the guarded admin layout and its pages (spec section 2; docs/client-admin.md). */
export default function AdminArea() {
  return (
    <AdminGuard>
      <AdminLayout>
        <Suspense fallback={<PageSpinner label="Loading the chart" />}>
          <Switch>
            <Route path="/" component={DashboardPage} />
            <Route path="/user" component={UsersPage} />
            {/* A member's admin page (ours: the spec's admin routes name none); keyed, so another member starts afresh. */}
            <Route path="/members/:id">{(params) => <MemberPage key={params.id} />}</Route>
            <Route path="/reportuser" component={ReportedUsersPage} />
            <Route path="/banuser" component={BannedUsersPage} />
            <Route path="/appeal" component={AppealsPage} />
            <Route path="/reportpost" component={ReportedPostsPage} />
            <Route path="/hidepost" component={HiddenPostsPage} />
            <Route path="/audit" component={AuditLogPage} />
            <Route path="/deletions" component={ScheduledDeletionsPage} />
            <Route path="/Posts" component={PostsChartPage} />
            <Route path="/Users" component={UsersChartPage} />
            <Route path="/profile" component={AdminProfilePage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </AdminLayout>
    </AdminGuard>
  );
}
