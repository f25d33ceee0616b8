import { describe, expect, it } from 'vitest';
import { expectedDiagrams, staleDiagrams } from '../scripts/statecharts';
import { statecharts } from '../src/machines/index';

describe('docs/statecharts', () => {
  it('has a current diagram for every machine (npm run statecharts regenerates them)', () => {
    expect(staleDiagrams()).toEqual([]);
  });

  it('draws every state of every machine', () => {
    for (const [name, machine] of Object.entries(statecharts)) {
      const text = expectedDiagrams().get(`${name}.md`)!;
      const walk = (node: typeof machine.root): string[] =>
        Object.values(node.states).flatMap((child) => [child.key, ...walk(child as typeof node)]);
      for (const key of walk(machine.root)) expect(text, `${name} lacks ${key}`).toContain(`"${key}"`);
    }
  });
});
