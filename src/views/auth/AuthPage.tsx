import { useState } from 'react';
import { Redirect } from 'wouter';
import { MEMBER_HOME } from '../../machines/auth/authForm';
import { holdsSession } from '../../machines/session/session.connect';
import { useAppChild } from '../AppContext';
import { AppAuthLogic } from './AppAuthLogic';
import { SignInSplash } from './SignInSplash';

/**
 * '/' in the app: the sign-in page (SignInSplash.tsx) with the app's effects. A visitor who
 * arrives with a stored token goes on to the streams, where the member guard checks it (and sends
 * them back here if it is no longer good). A visitor who opens '/' with no stored session gets the
 * light sign-in page instead (src/main.tsx, src/signInEntry.tsx): the same page without the app.
 */
export default function AuthPage() {
  const session = useAppChild('session');
  // Decided once, on arrival: a sign-in on this page navigates by itself.
  const [arrivedSignedIn] = useState(() => holdsSession(session.getSnapshot()));
  if (arrivedSignedIn) return <Redirect to={MEMBER_HOME} replace />;
  return (
    <AppAuthLogic>
      <SignInSplash />
    </AppAuthLogic>
  );
}
