import { fromPromise } from 'xstate';
import { copyButtonMachine } from '../../machines/shell/copyButton.machine';

/**
 * Writes text to the system clipboard: true once it is there, false when the browser has no
 * clipboard here (an insecure page, an old browser) or refused it. Never throws.
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard) return false;
  return clipboard.writeText(text).then(
    () => true,
    () => false,
  );
}

/** A Copy button's machine with the real clipboard. */
export const copyButtonLogic = copyButtonMachine.provide({
  actors: { writeClipboard: fromPromise<boolean, string>(({ input }) => copyText(input)) },
});
