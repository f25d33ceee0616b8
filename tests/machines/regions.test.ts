import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { statecharts } from '../../src/machines';

interface Node {
  id: string;
  type: string;
  parent?: Node;
  states: Record<string, Node>;
  transitions: Map<string, { reenter: boolean }[]>;
}

/**
 * A `reenter` transition taken on a region of a parallel state re-enters the whole parallel state
 * (the least common compound ancestor skips parallel states), resetting its other regions: a
 * search keystroke cancelled an image upload this way. Such transitions belong on the region's
 * own states.
 */
function reenteringRegions(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    for (const [event, transitions] of node.transitions) {
      if (node.parent?.type === 'parallel' && transitions.some((t) => t.reenter)) found.push(`${node.id} on ${event}`);
    }
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root as unknown as Node);
  return found;
}

describe('statecharts', () => {
  it.each(Object.entries(statecharts))('%s re-enters no parallel region as a whole', (_name, machine) => {
    expect(reenteringRegions(machine as AnyStateMachine)).toEqual([]);
  });
});
