import { assign, fromPromise, setup } from 'xstate';

/** How long "Copied" (or "Copy failed") stays on a Copy button before it reads "Copy" again. */
export const COPY_FEEDBACK_MS = 2000;

export type CopyButtonEvent = { type: 'copy.press'; text: string };

/**
 * A Copy button (a code block's): copying writes the text to the clipboard (the `writeClipboard`
 * actor, given by src/effects/shell/clipboard.ts: true once written), then shows the outcome for
 * COPY_FEEDBACK_MS (a machine delay) and reads "Copy" again. Pressing again while the outcome shows
 * copies again and restarts it; a press while the clipboard is being written is ignored.
 */
export const copyButtonMachine = setup({
  types: {
    context: {} as { text: string },
    events: {} as CopyButtonEvent,
  },
  actors: {
    writeClipboard: fromPromise<boolean, string>(async () => false),
  },
  guards: {
    written: ({ event }) => (event as unknown as { output: boolean }).output === true,
  },
  actions: {
    keepText: assign({ text: ({ event }) => event.text }),
  },
  delays: { FEEDBACK: COPY_FEEDBACK_MS },
}).createMachine({
  id: 'copyButton',
  context: { text: '' },
  initial: 'idle',
  on: { 'copy.press': { target: '.copying', actions: 'keepText' } },
  states: {
    idle: {},
    copying: {
      on: { 'copy.press': {} },
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ context }) => context.text,
        onDone: [{ guard: 'written', target: 'copied' }, { target: 'failed' }],
        onError: 'failed',
      },
    },
    copied: { after: { FEEDBACK: 'idle' } },
    failed: { after: { FEEDBACK: 'idle' } },
  },
});
