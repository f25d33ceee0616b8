/**
 * Every statechart of the client, by the name its diagram carries in docs/statecharts.
 * `npm run statecharts` draws each of these; the suite fails when a diagram is stale.
 */
import { themeMachine } from './theme.machine';

export const statecharts = {
  theme: themeMachine,
} as const;
