import type { SnapshotFrom } from 'xstate';
import type { appealFormMachine } from './appealForm.machine';

type AppealFormSnapshot = SnapshotFrom<typeof appealFormMachine>;

export const appealPhase = (s: AppealFormSnapshot) => s.value;

/** The form: the message as typed, its error, the banner and the ban it appeals. */
export const appealForm = (s: AppealFormSnapshot) => s.context;

export const isAppealLoading = (s: AppealFormSnapshot) => s.matches('loading') || s.matches('deciding');

export const appealLoadError = (s: AppealFormSnapshot) => (s.matches('failed') ? s.context.error : null);

export const isSendingAppeal = (s: AppealFormSnapshot) => s.matches('sending');

/** The form stays on screen while it is sent (disabled), for a banned member without an open appeal. */
export const showsAppealForm = (s: AppealFormSnapshot) =>
  (s.matches('editing') || s.matches('sending')) && Boolean(s.context.standing?.ban);

/** The counter under the field counts what the server will count. */
export const writtenLength = (s: AppealFormSnapshot) => s.context.message.trim().length;
