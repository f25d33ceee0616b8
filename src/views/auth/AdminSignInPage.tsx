import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { ADMIN_HOME } from '../../machines/auth/authForm';
import { isAdminSession } from '../../machines/session/session.connect';
import { useAppChild } from '../AppContext';
import { AuthShell } from './AuthShell';
import { SignInForm } from './forms/SignInForm';
import { TextLink } from './TextLink';

/** /admin/signin: POST /admin/signin, then /admin. */
export default function AdminSignInPage() {
  const session = useAppChild('session');
  // Only a session already known to be an admin's skips the form (a member's would loop).
  const [arrivedAsAdmin] = useState(() => isAdminSession(session.getSnapshot()));
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
      <SignInForm admin />
    </AuthShell>
  );
}
