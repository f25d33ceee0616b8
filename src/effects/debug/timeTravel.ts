import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { appMachine } from '../../machines/shell/app.machine';
import { machineActors, type LiveActor } from './actorRegistry';
import type { JournalEntry } from './journal';
import { createReplayActor, isStimulus, resolveAddress, reviveErrors } from './journalReplay';

/**
 * Time travel for the statechart explorer: the journal replayed into fresh actors, isolated
 * from the world as replayJournal does (`isolate`, a clock that never fires, recorded answers
 * and delays sent as recorded), but every recorded system at once (the app and each screen's
 * machines) and one entry at a time, so the explorer can show every actor just after any event
 * and step forward and back.
 */

/**
 * The root machines the replay can start, by machine id ('app', 'signIn', ...): the app's, and
 * the ones given (the explorer passes the roots seen running and, in development, every
 * machine of src/machines/index.ts `statecharts`).
 */
export function machinesByRoot(machines: Iterable<AnyStateMachine> = []): Map<string, AnyStateMachine> {
  const byId = new Map<string, AnyStateMachine>([[appMachine.id, appMachine as AnyStateMachine]]);
  for (const machine of machines) if (!byId.has(machine.id)) byId.set(machine.id, machine);
  return byId;
}

export type StepOutcome = 'started' | 'sent' | 'reproduced' | 'unknown machine' | 'not running' | 'failed';

export interface TimeTravel {
  /** The recording, in order. */
  readonly entries: readonly JournalEntry[];
  /** Index of the last entry applied; -1 before the first. */
  position(): number;
  /** Replays up to and including entry `index` (back means starting again from the beginning). */
  goTo(index: number): void;
  /** What the replay did with each entry so far (by index). */
  outcome(index: number): StepOutcome | undefined;
  /** The replayed machine actors as they are now, each system's root first. */
  actors(): LiveActor[];
  stop(): void;
}

export function createTimeTravel(
  recording: readonly JournalEntry[],
  machines: Map<string, AnyStateMachine> = machinesByRoot(),
): TimeTravel {
  const entries = [...recording].sort((a, b) => a.seq - b.seq);
  let systems = new Map<number, AnyActorRef>();
  let outcomes: StepOutcome[] = [];
  let position = -1;

  const reset = () => {
    for (const actor of systems.values()) actor.stop();
    systems = new Map();
    outcomes = [];
    position = -1;
  };

  const apply = (entry: JournalEntry): StepOutcome => {
    let root = systems.get(entry.system);
    if (!root) {
      const machine = machines.get(entry.root);
      if (!machine) return 'unknown machine';
      // The root's own init carries its input; a recording whose ring dropped it starts without.
      const input = entry.type === 'xstate.init' && entry.actor === entry.root ? entry.event.input : undefined;
      try {
        root = createReplayActor(machine, { input });
        root.start();
      } catch {
        return 'failed';
      }
      systems.set(entry.system, root);
      if (entry.type === 'xstate.init' && entry.actor === entry.root) return 'started';
    }
    if (!isStimulus(entry)) return 'reproduced';
    const target = resolveAddress(root, entry.actor);
    if (!target) return 'not running';
    try {
      target.send({ ...(reviveErrors(entry.event) as Record<string, unknown>), type: entry.type });
    } catch {
      return 'failed';
    }
    return 'sent';
  };

  return {
    entries,
    position: () => position,
    goTo(index) {
      const to = Math.max(-1, Math.min(index, entries.length - 1));
      if (to < position) reset();
      while (position < to) {
        position += 1;
        outcomes[position] = apply(entries[position]);
      }
    },
    outcome: (index) => outcomes[index],
    actors: () => machineActors([...systems.entries()].sort(([a], [b]) => a - b).map(([, root]) => root)),
    stop: reset,
  };
}
