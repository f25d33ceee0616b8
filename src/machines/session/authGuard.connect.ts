import type { SnapshotFrom } from 'xstate';
import type { authGuardMachine } from './authGuard.machine';
import type { sessionMachine } from './session.machine';

type GuardSnapshot = SnapshotFrom<typeof authGuardMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The guard let the member in. */
export const isLetIn = (s: GuardSnapshot) => s.matches('allowed');

/** The session ended under an open area (signed out elsewhere): the guard must hear of it. */
export const isSessionEnded = (s: SessionSnapshot) => s.matches('signedOut');
