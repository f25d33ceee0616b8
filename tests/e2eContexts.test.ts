import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = join(import.meta.dirname, 'e2e');
const files = (readdirSync(E2E, { recursive: true }) as string[]).filter((name) => name.endsWith('.ts')).map((name) => join(E2E, name));

/**
 * Every browser journey runs under the app's real Content-Security-Policy with its console
 * watched: contexts come from support/browser.ts's openContext, which never bypasses the CSP.
 * axe-core needs no bypass: support/look.ts evaluates its source through the DevTools protocol.
 */
describe('browser journeys', () => {
  it('open every context through openContext, never with bypassCSP', () => {
    const offending = files.flatMap((file) => {
      const name = relative(E2E, file);
      const text = readFileSync(file, 'utf8');
      return [
        ...(/bypassCSP\s*:/.test(text) ? [`${name}: bypassCSP`] : []),
        ...(name !== join('support', 'browser.ts') && /\.newContext\(/.test(text) ? [`${name}: browser.newContext`] : []),
      ];
    });
    expect(offending).toEqual([]);
  });
});
