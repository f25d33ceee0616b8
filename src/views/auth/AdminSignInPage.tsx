import { useSelector } from '@xstate/react';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { ADMIN_HOME, CHECKPOINT, MEMBER_HOME } from '../../machines/auth/authForm';
import { isAdminSession, signedInMember } from '../../machines/session/session.connect';
import { buttonClasses } from '../ui/Button';
import { useAppChild } from '../AppContext';
import { AppAuthLogic } from './AppAuthLogic';
import { AuthShell } from './AuthShell';
import { SignInForm } from './forms/SignInForm';
import { TextLink } from './TextLink';

/**
 * A member signed in here (the admin guard sent them from /admin, keeping their session): the area
 * is for administrators, and the way back to their streams (a banned member's: the checkpoint).
 */
function MembersOnlyNote({ username, isBanned }: { username: string; isBanned: boolean }) {
  return (
    <div
      role="note"
      aria-labelledby="admin-only-title"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p id="admin-only-title" className="font-semibold">
        This area is for administrators.
      </p>
      <p>
        You are signed in as <strong>{username}</strong>, a member account. Sign in below with an administrator account, or go back.
      </p>
      <Link
        href={isBanned ? CHECKPOINT : MEMBER_HOME}
        className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} self-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent`}
      >
        <ArrowLeft aria-hidden="true" size={16} />
        {isBanned ? 'Back to the checkpoint' : 'Back to your streams'}
      </Link>
    </div>
  );
}

/** /admin/signin: POST /admin/signin, then /admin. */
export default function AdminSignInPage() {
  const session = useAppChild('session');
  // Only a session already known to be an admin's skips the form (a member's would loop).
  const [arrivedAsAdmin] = useState(() => isAdminSession(session.getSnapshot()));
  const member = useSelector(session, signedInMember, (a, b) => a?.username === b?.username && a?.isBanned === b?.isBanned);
  if (arrivedAsAdmin) return <Redirect to={ADMIN_HOME} replace />;
  return (
    <AuthShell
      title="Admin sign in"
      icon={<ShieldCheck size={22} />}
      intro="Moderation tools for the administrators of this Stoa."
      footer={
        <span className="text-neutral-700 dark:text-neutral-300">
          Have an invite code? <TextLink href="/admin/signup">Create an admin account</TextLink>
        </span>
      }
    >
      {member ? <MembersOnlyNote {...member} /> : null}
      <AppAuthLogic>
        <SignInForm admin />
      </AppAuthLogic>
    </AuthShell>
  );
}
