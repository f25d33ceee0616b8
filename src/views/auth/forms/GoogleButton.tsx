import { useSelector } from '@xstate/react';
import type { GoogleOptionActorRef } from '../../../machines/auth/googleOption.machine';
import { GOOGLE_NOT_SET_UP, googleOption } from '../../../machines/auth/googleOption.connect';
import { Button } from '../../ui/Button';

/** The Google 'G' (brand colours), drawn inline so no image is fetched. */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/**
 * 'Sign in with Google'. With `option` (the googleOption actor: whether the server has Google set
 * up) it waits disabled for the answer, and on a server without Google stays disabled saying why,
 * never a dead button; without one it is simply offered.
 */
export function GoogleButton({
  busy,
  isDisabled,
  onPress,
  option,
}: {
  busy: boolean;
  isDisabled: boolean;
  onPress: () => void;
  option?: GoogleOptionActorRef;
}) {
  const state = useSelector(option, googleOption);
  return (
    <div className="flex flex-col gap-1.5">
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        icon={<GoogleMark />}
        isDisabled={isDisabled || state !== 'available'}
        onPress={onPress}
        aria-describedby={state === 'unavailable' ? 'google-not-set-up' : undefined}
      >
        {busy ? 'Connecting to Google...' : 'Sign in with Google'}
      </Button>
      {state === 'unavailable' ? (
        <p id="google-not-set-up" className="text-center text-xs text-neutral-600 dark:text-neutral-400">
          {GOOGLE_NOT_SET_UP}
        </p>
      ) : null}
    </div>
  );
}

/** The 'or' rule between a form's own submit and the Google option. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-neutral-600 dark:text-neutral-400">
      <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      or
      <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
    </div>
  );
}
