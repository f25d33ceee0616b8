import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { signOutLogic } from '../../effects/session/signOut';
import { outboxUnsentCount } from '../../machines/offline/outbox.connect';
import { signOutQuestion } from '../../machines/session/signOut.connect';
import { useApp } from '../AppContext';
import { deferred } from '../overlays/Deferred';

/** Asked only while the outbox holds items: not on the first paint of the pages with a sign-out button. */
const SignOutConfirm = deferred(() => import('./SignOutConfirm').then((module) => module.SignOutConfirm));

/**
 * Sign-out for an area's button, leaving for `to` (absolute): at once, or, while the outbox holds
 * items, after the member confirms in `dialog` (render it once, next to the button).
 */
export function useSignOut(to = '/') {
  const app = useApp();
  const [, navigate] = useLocation();
  const leave = useRef(() => navigate(`~${to}`, { replace: true }));
  useEffect(() => {
    leave.current = () => navigate(`~${to}`, { replace: true });
  }, [navigate, to]);
  const [logic] = useState(() => signOutLogic(app, () => leave.current()));
  // Not a screen (useScreenActor): a page's tests find their screen's actor as the last one started,
  // and what sign-out does reaches the journal through the session actor.
  const actor = useActorRef(logic);
  const question = useSelector(actor, signOutQuestion);
  const signOut = useCallback(() => {
    const outbox = app.system.get('outbox');
    actor.send({ type: 'signOut.request', unsent: outboxUnsentCount(outbox?.getSnapshot()) });
  }, [app, actor]);
  const dialog = question ? (
    <SignOutConfirm
      question={question}
      onConfirm={() => actor.send({ type: 'signOut.confirm' })}
      onCancel={() => actor.send({ type: 'signOut.cancel' })}
    />
  ) : null;
  return { signOut, dialog };
}
