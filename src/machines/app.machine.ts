import { setup } from 'xstate';
import { themeMachine } from './theme.machine';

export interface AppInput {
  /** The `theme` value found in storage at boot. */
  storedTheme: string | null;
}

/**
 * The root actor: owns the long-lived children every screen shares. Each child has a
 * systemId so effects and screens can reach it with `system.get(id)`.
 */
export const appMachine = setup({
  types: { input: {} as AppInput },
  actors: { theme: themeMachine },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'theme', systemId: 'theme', src: 'theme', input: ({ event }) => ({ stored: event.input.storedTheme }) },
  ],
});
