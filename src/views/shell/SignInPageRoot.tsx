import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { AuthFormsLogic } from '../../effects/auth/authForms';
import type { SignInPageActorRef } from '../../machines/shell/signInPage.machine';
import { isSignInPageShown, signInPageConnectivity, signInPageUpdates } from '../../machines/shell/signInPage.connect';
import { AuthLogicProvider } from '../auth/AuthLogic';
import { SignInSplash } from '../auth/SignInSplash';
import { ConnectivityPill } from '../offline/ConnectivityIndicator';
import { UpdateCard } from '../offline/UpdateBanner';
import { PageSpinner } from '../ui/PageSpinner';
import { DebugPanelOnDemand } from './DebugPanelOnDemand';
import { SIGN_IN_PAGE_NAME, titled } from './titleWords';

/**
 * The light sign-in page (src/signInEntry.tsx): the app's sign-in page as the app draws it
 * (SignInSplash), its tab's title, the offline pill, the update banner and the debug panel on
 * demand (Ctrl+Alt+J, as in the app; the journal records the page's actors), from the page's root
 * actor; the spinner while the app's code comes (after a sign-in, or a link to another page), as
 * the app's routes show it while a page's code comes.
 */
export function SignInPageRoot({ page, auth }: { page: SignInPageActorRef; auth: AuthFormsLogic }) {
  const shown = useSelector(page, isSignInPageShown);
  const updates = useSelector(page, signInPageUpdates);
  const connectivity = useSelector(page, signInPageConnectivity);
  useEffect(() => {
    document.title = titled(SIGN_IN_PAGE_NAME);
  }, []);
  return (
    <>
      {shown ? (
        <AuthLogicProvider logic={auth}>
          <SignInSplash />
        </AuthLogicProvider>
      ) : (
        <PageSpinner />
      )}
      {connectivity ? <ConnectivityPill actor={connectivity} /> : null}
      {updates ? <UpdateCard actor={updates} /> : null}
      <DebugPanelOnDemand />
    </>
  );
}
