import { Avatar } from '../../ui/Avatar';
import { PasswordForm } from '../../auth/forms/PasswordForm';
import { useSessionProfile } from '../../layouts/useShell';
import { useAdminLogic } from '../AdminLogic';
import { Badge } from '../Badges';
import { formatDate } from '../format';
import { useScreenActor } from '../../shared/useScreenActor';

const sectionClass =
  'flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-5 shadow-sm dark:border-neutral-800 dark:bg-neutral-900';

function ChangePasswordForm() {
  const logic = useAdminLogic();
  const actor = useScreenActor(logic.password);
  return <PasswordForm actor={actor} aria-labelledby="admin-password-title" />;
}

/** /admin/profile: the admin's own account (username, e-mail) and a password change. */
export default function AdminProfilePage() {
  const me = useSessionProfile();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">Your account</h1>
      <section aria-labelledby="admin-account-title" className={sectionClass}>
        <h2 id="admin-account-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
          Account
        </h2>
        {me ? (
          <div className="flex items-center gap-4">
            <Avatar {...me} size="lg" />
            <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-neutral-600 dark:text-neutral-400">Username</dt>
              <dd className="flex min-w-0 items-center gap-2 font-semibold text-neutral-900 dark:text-white">
                <span className="truncate">{me.username}</span>
                <Badge tone="blue">Admin</Badge>
              </dd>
              <dt className="text-neutral-600 dark:text-neutral-400">E-mail</dt>
              <dd className="truncate text-neutral-900 dark:text-neutral-100">{me.email}</dd>
              <dt className="text-neutral-600 dark:text-neutral-400">Since</dt>
              <dd className="text-neutral-900 dark:text-neutral-100">
                <time dateTime={me.createdAt}>{formatDate(me.createdAt)}</time>
              </dd>
            </dl>
          </div>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Your account is loading.</p>
        )}
      </section>
      <section aria-labelledby="admin-password-title" className={sectionClass}>
        <div>
          <h2 id="admin-password-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
            Change password
          </h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Your other sessions are signed out; this one stays signed in.</p>
        </div>
        <ChangePasswordForm />
      </section>
    </div>
  );
}
