/**
 * scripts/focusWalker.ts on react-aria's own import statements: only imports of the focus scope
 * module's stateless helpers are pointed at the copy; the build-level check is tests/debugChunks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { focusWalkerApart } from '../scripts/focusWalker';

const transform = (code: string, id: string) => {
  const hook = focusWalkerApart().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
};
const ARIA = '/repo/node_modules/react-aria/dist/private';

describe('the focus walker apart', () => {
  it('points an import of the tree walker or the focus manager at the copy', () => {
    const tabs = `import {getFocusableTreeWalker as $a$export$b} from "../focus/FocusScope.mjs";\nuse($a$export$b);`;
    expect(transform(tabs, `${ARIA}/selection/useSelectableCollection.mjs`)).toBe(
      `import {getFocusableTreeWalker as $a$export$b} from "../focus/FocusScope.mjs?walker";\nuse($a$export$b);`,
    );
    const both = `import {createFocusManager as $a$x, getFocusableTreeWalker as $a$y} from "../focus/FocusScope.mjs";`;
    expect(transform(both, `${ARIA}/datepicker/useDatePickerGroup.mjs`)).toContain('"../focus/FocusScope.mjs?walker"');
    // A neighbour in the same folder writes the path from there.
    const sibling = `import {getFocusableTreeWalker as $a$b} from "./FocusScope.mjs";`;
    expect(transform(sibling, `${ARIA}/focus/useHasTabbableChild.mjs`)).toContain('"./FocusScope.mjs?walker"');
  });

  it('leaves the focus trap and its state where they are', () => {
    const overlay = `import {FocusScope as $a$b} from "../focus/FocusScope.mjs";`;
    expect(transform(overlay, `${ARIA}/overlays/Overlay.mjs`)).toBeNull();
    const scopeTree = `import {isElementInChildOfActiveScope as $a$b} from "../focus/FocusScope.mjs";`;
    expect(transform(scopeTree, `${ARIA}/overlays/useOverlay.mjs`)).toBeNull();
    // One stateful name among the helpers keeps the whole import on the module.
    const mixed = `import {FocusScope as $a$b, getFocusableTreeWalker as $a$c} from "../focus/FocusScope.mjs";`;
    expect(transform(mixed, `${ARIA}/somewhere/mixed.mjs`)).toBeNull();
  });

  it('touches no module outside react-aria', () => {
    const code = `import {getFocusableTreeWalker as $a$b} from "../focus/FocusScope.mjs";`;
    expect(transform(code, '/repo/src/views/ui/Button.tsx')).toBeNull();
  });
});
