import type { SnapshotFrom } from 'xstate';
import type { twoFactorMachine } from './twoFactor.machine';

type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;

/** Which panel Settings > Security shows for two-factor sign-in. */
export type TwoFactorPanel = 'loading' | 'failed' | 'off' | 'confirming' | 'codes' | 'on' | 'asking';

export function twoFactorPanel(s: TwoFactorSnapshot): TwoFactorPanel {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('off') || s.matches('settingUp')) return 'off';
  if (s.matches('confirming') || s.matches('enabling')) return 'confirming';
  if (s.matches('showingCodes')) return 'codes';
  if (s.matches('asking') || s.matches('working')) return 'asking';
  return 'on';
}

/** A request is running: buttons wait, fields are read-only. */
export const isTwoFactorBusy = (s: TwoFactorSnapshot) =>
  s.matches('settingUp') || s.matches('enabling') || s.matches('working') || s.matches('loading');

export const selectTwoFactor = (s: TwoFactorSnapshot) => s.context;

/** The server asks this member (an administrator) to use it, and it is not on. */
export const isTwoFactorRequiredNow = (s: TwoFactorSnapshot) => Boolean(s.context.status?.required && !s.context.status.enabled);

/** The recovery codes as a text file's content, for the download and the copy button. */
export const recoveryCodesText = (codes: readonly string[]) =>
  `Stoa recovery codes\nEach code signs you in once if you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
