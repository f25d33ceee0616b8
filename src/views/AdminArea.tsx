import { Route, Switch } from 'wouter';
import { AdminGuard } from './guards/AdminGuard';
import { AdminLayout } from './layouts/AdminLayout';
import { SectionPlaceholder } from './pages/member/SectionPlaceholder';
import NotFoundPage from './pages/NotFoundPage';

/** /admin: the guarded admin layout (spec section 2); its screens come with the admin issue. */
export default function AdminArea() {
  return (
    <AdminGuard>
      <AdminLayout>
        <Switch>
          <Route path="/">{() => <SectionPlaceholder section="Dashboard" />}</Route>
          <Route path="/user">{() => <SectionPlaceholder section="Users" />}</Route>
          <Route path="/reportuser">{() => <SectionPlaceholder section="Reported users" />}</Route>
          <Route path="/banuser">{() => <SectionPlaceholder section="Banned users" />}</Route>
          <Route path="/appeal">{() => <SectionPlaceholder section="Appeals" />}</Route>
          <Route path="/reportpost">{() => <SectionPlaceholder section="Reported posts" />}</Route>
          <Route path="/hidepost">{() => <SectionPlaceholder section="Hidden posts" />}</Route>
          <Route path="/Posts">{() => <SectionPlaceholder section="Posts" />}</Route>
          <Route path="/Users">{() => <SectionPlaceholder section="Users chart" />}</Route>
          <Route path="/profile">{() => <SectionPlaceholder section="Admin profile" />}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      </AdminLayout>
    </AdminGuard>
  );
}
