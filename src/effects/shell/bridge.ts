import { sendTo, type AnyActorRef } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import type { User } from '../../api/auth';
import type { ToastRequest } from '../../machines/shell/toastRequest';
import { inReplay } from '../debug/journal';
import type { OutboxHandOff } from '../../machines/offline/outbox.types';
import { entryOf } from '../offline/outboxEntry';

/** Anything that holds the app's actor system (the app actor). */
export interface HasSystem {
  system: { get(systemId: string): AnyActorRef | undefined };
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The actions that reach outside a screen's machine: the session and toast actors of the app
 * (a screen's actor is the root of its own system, so it reaches the app's system through this
 * bridge) and the browser location. Built-in `sendTo`, not a custom action calling `send()`:
 * the event is delivered after the screen's transition, in order with the other actions, and
 * XState does not warn about a nested actor's `assign`. A missing actor (not started yet), and
 * any actor while the sender runs in a replay, resolves to the sender itself, where the event is
 * simply not handled.
 */
export function bridgeActions(app: HasSystem, navigate: Navigate = browserNavigate) {
  // In a replay (the explorer's time travel, a report's comparison) the event stays with the
  // sender: the live session must not be signed in or out by a recording.
  const actor =
    (systemId: string) =>
    ({ self }: { self: AnyActorRef }) =>
      inReplay(self) ? self : (app.system.get(systemId) ?? self);
  return {
    login: sendTo(actor('session'), (_: unknown, params: { token: string; user: User; keepLoggedIn?: boolean }) => ({
      type: 'session.login' as const,
      ...params,
    })),
    clearSession: sendTo(actor('session'), { type: 'session.clear' }),
    logoutSession: sendTo(actor('session'), { type: 'session.logout' }),
    /** A send that found no server goes to the member's outbox (docs/client-offline.md, "Outbox"). */
    toOutbox: sendTo(actor('outbox'), (_: unknown, handOff: OutboxHandOff) => ({
      type: 'outbox.add' as const,
      entry: entryOf(handOff),
      at: Date.now(),
    })),
    showToast: sendTo(actor('toasts'), (_: unknown, toast: ToastRequest) => ({ type: 'toasts.show' as const, toast })),
    // A custom action runs during the transition, before the deferred sendTo's above; leave the
    // page only after they are delivered, so the next screen finds the session already updated.
    navigate: (_: unknown, { to, replace }: { to: string; replace?: boolean }) => queueMicrotask(() => navigate(to, { replace })),
  };
}
