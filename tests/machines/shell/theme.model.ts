import { themeMachine } from '../../../src/machines/shell/theme.machine';
import { type MachineModel } from '../cover';

const model = {
  events: [
    { type: 'theme.toggle' },
    { type: 'theme.set', theme: 'dark' },
    { type: 'theme.set', theme: 'light' },
    { type: 'theme.matchSystem' },
    { type: 'theme.systemChanged', theme: 'dark' },
    { type: 'theme.systemChanged', theme: 'light' },
  ],
};

export const inputs = [null, 'dark', 'light', 'system', 'bogus'].flatMap((stored) =>
  (['light', 'dark'] as const).map((system) => ({ stored, system })),
);

export const themeModel: MachineModel = {
  name: 'theme',
  machine: themeMachine,
  covers: inputs.map((input) => ({ label: `stored ${input.stored}, system ${input.system}`, options: { ...model, input } })),
};
