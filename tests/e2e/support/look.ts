/** Looking at pages as a person would: screenshots to review, and an axe accessibility audit. */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'];

/** Fails on serious or critical WCAG 2.x A/AA violations (contrast included); `least: 'moderate'` fails on moderate ones too. */
export async function auditAccessibility(page: Page, where: string, { least = 'serious' }: { least?: 'moderate' | 'serious' } = {}) {
  // Evaluated by the test driver through the DevTools protocol, not added as a <script>: the
  // page's real CSP (no 'unsafe-eval', no inline scripts) does not apply to it, so every journey
  // runs under that policy and still gets its audit (tests/e2eContexts.test.ts).
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  // Let entrance animations finish so colours are measured at rest.
  await page.waitForTimeout(600);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  })) as AxeViolation[];
  const serious = violations.filter((v) => IMPACTS.indexOf(v.impact ?? '') >= IMPACTS.indexOf(least));
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  if (report.length) throw new Error(`accessibility (${where}):\n${report.join('\n')}`);
}
