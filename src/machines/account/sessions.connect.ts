import type { SessionsSnapshot } from './sessions.machine';

/** What the "Where you are signed in" section shows and may do. */
export const selectSessions = (s: SessionsSnapshot) => s.context.sessions;
export const isSessionsLoading = (s: SessionsSnapshot) => s.matches('loading');
export const haveSessionsFailed = (s: SessionsSnapshot) => s.matches('failed');
export const selectSessionsError = (s: SessionsSnapshot) => s.context.error;
/** The session whose end is on its way, if any. */
export const selectEnding = (s: SessionsSnapshot) => s.context.ending;
export const isEndingOthers = (s: SessionsSnapshot) => s.matches({ loaded: 'endingOthers' });
/** A request is running: the buttons wait. */
export const isSessionsBusy = (s: SessionsSnapshot) => s.matches({ loaded: 'ending' }) || s.matches({ loaded: 'endingOthers' });
export const canEndOthers = (s: SessionsSnapshot) => s.can({ type: 'sessions.endOthers' });
/** Some session other than this one is listed. */
export const hasOtherSessions = (s: SessionsSnapshot) => s.context.sessions.some((session) => !session.current);
