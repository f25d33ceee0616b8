import { copyButtonMachine } from '../../../src/machines/shell/copyButton.machine';
import { type MachineModel, type ModelEvent } from '../cover';

export const copyButtonModel: MachineModel = {
  name: 'copyButton',
  machine: copyButtonMachine,
  covers: [
    {
      label: 'all transitions',
      options: {
        events: [
          { type: 'copy.press', text: 'print(1)' },
          { type: 'xstate.done.actor.writeClipboard', output: true },
          { type: 'xstate.done.actor.writeClipboard', output: false },
          { type: 'xstate.error.actor.writeClipboard', error: new Error('denied') },
        ] as ModelEvent[],
      } as never,
    },
  ],
};
