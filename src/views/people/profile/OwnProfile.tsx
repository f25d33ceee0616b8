import { Redirect } from 'wouter';
import { PageSpinner } from '../../ui/PageSpinner';
import { profileHref } from '../../shell/MainNav';
import { useSessionProfile } from '../../layouts/useShell';

/** /app/social/profile, the main navigation's Profile url (spec section 2): the member's own profile. */
export function OwnProfile() {
  const me = useSessionProfile();
  // The member guard renders the area once the session knows its member; until then, wait.
  if (!me) return <PageSpinner />;
  return <Redirect to={`~${profileHref(me)}`} replace />;
}
