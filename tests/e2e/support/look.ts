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

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails on moderate, serious or critical problems: WCAG 2.x A/AA (contrast included) and axe's
 * best-practice rules (one h1, one main landmark, headings in order, landmarks that do not nest),
 * which the WCAG tags alone never check. Every journey's page is held to all of it.
 */
export async function auditAccessibility(page: Page, where: string) {
  // Evaluated by the test driver through the DevTools protocol, not added as a <script>: the
  // page's real CSP (no 'unsafe-eval', no inline scripts) does not apply to it, so every journey
  // runs under that policy and still gets its audit (tests/e2eContexts.test.ts).
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  // Let entrance animations finish so colours are measured at rest.
  await page.waitForTimeout(600);
  const tags = [...WCAG, 'best-practice'];
  const violations = (await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values } });
    return result.violations;
  }, tags)) as AxeViolation[];
  const failing = violations.filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical');
  const report = failing.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  if (report.length) throw new Error(`accessibility (${where}):\n${report.join('\n')}`);
}
