/**
 * Formatted questions against `npm start` (docs/client-formatting.md): a member asks a Markdown
 * question with an inline and a display formula, a code block and a formula that does not parse;
 * the preview shows it formatted before it is posted; the questions stream and the question page
 * show it formatted (KaTeX with its MathML, the code highlighted, the broken formula as written
 * with its error) at 1280 px and, for another member, at 375 px, light and dark; a search for a
 * word from its code finds it. The other member answers in Markdown, with a heading, a formula and
 * a code block, and a search for a word only that code holds finds the question.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { app, browser, useAppAndBrowser } from './support/world';
import { auditAccessibility, screenshot } from './support/look';
import { signUpMember } from './support/members';

useAppAndBrowser();

const signUp = async (username: string, width: number): Promise<Page> => (await signUpMember(browser, app, username, width)).page;

async function dark(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
}

const FUNCTION = 'trapezoidzq';
/** A word only the answer's code block holds. */
const ANSWER_WORD = 'simpsonrulezq';
const QUESTION = [
  'How do I vectorise this? The slope is $m = \\frac{\\Delta y}{\\Delta x}$ and the area should be',
  '',
  '$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$',
  '',
  '```python',
  `def ${FUNCTION}(xs, ys):`,
  '    return sum((x1 - x0) * (y0 + y1) / 2 for x0, x1, y0, y1 in zip(xs, xs[1:], ys, ys[1:]))',
  '```',
  '',
  'This one is broken on purpose: $\\frac{1}{$',
].join('\n');

const card = (page: Page) => page.getByRole('article').filter({ hasText: 'How do I vectorise this?' });

/** Formatted as it should be: two typeset formulas with MathML, the code kept and highlighted, the broken formula shown with its error. */
async function expectFormatted(where: Locator) {
  await expect.poll(() => where.locator('.katex').count(), { timeout: 15_000 }).toBe(2);
  expect(await where.locator('[data-formula="inline"] math').count()).toBe(1);
  expect(await where.locator('[data-formula="display"] math[display="block"]').count()).toBe(1);
  const code = where.locator('pre');
  expect(await code.innerText()).toContain(`def ${FUNCTION}(xs, ys):\n    return sum(`);
  await expect
    .poll(() => code.locator('code[data-highlighted="python"] .hljs-keyword').first().innerText(), { timeout: 15_000 })
    .toBe('def');
  expect(await where.getByRole('button', { name: 'Copy' }).count()).toBe(1);
  const error = where.locator('[data-formula="error"]');
  expect(await error.locator('code').innerText()).toBe('$\\frac{1}{$');
  expect(await error.innerText()).toContain('Formula error:');
}

describe('formatted questions', () => {
  let asker: Page;
  let reader: Page;

  beforeAll(async () => {
    asker = await signUp('maths', 1280);
    reader = await signUp('reader', 375);
  });

  it('is written with a preview, shown formatted in the stream and on its page, light and dark, at 1280 and 375 px, and found by its code', async () => {
    await asker.goto('/app/social/questions');
    await asker.getByRole('button', { name: 'Ask a question' }).click();
    const form = asker.getByRole('form', { name: 'Question' });
    // react-aria's checkbox: its row is the hit target.
    await form.getByText('Markdown', { exact: true }).click();
    expect(await form.getByRole('checkbox', { name: 'Markdown' }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: "What's your question?" }).fill(QUESTION);
    await expect.poll(() => form.getByText('Formatting help').count()).toBe(1);
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.getByRole('region', { name: 'Preview' });
    await expectFormatted(preview);
    await auditAccessibility(asker, 'composer preview');
    await form.getByRole('button', { name: 'Write' }).click();
    expect(await form.getByRole('textbox', { name: "What's your question?" }).inputValue()).toBe(QUESTION);
    await form.getByRole('button', { name: 'Ask', exact: true }).click();

    await expect.poll(() => card(asker).count(), { timeout: 15_000 }).toBe(1);
    await expectFormatted(card(asker));
    await auditAccessibility(asker, 'formatted question in the stream');
    await screenshot(asker, 'formatting-stream-1280-light');

    await card(asker).getByRole('link', { name: '0 answers' }).click();
    await asker.waitForURL('**/app/social/question/*');
    await expectFormatted(card(asker));
    await auditAccessibility(asker, 'formatted question page');
    await dark(asker);
    await expectFormatted(card(asker));
    await auditAccessibility(asker, 'formatted question page, dark');
    await screenshot(asker, 'formatting-question-1280-dark');

    await reader.goto('/app/social/questions');
    await expect.poll(() => card(reader).count(), { timeout: 15_000 }).toBe(1);
    await expectFormatted(card(reader));
    // The code scrolls sideways inside the card on a phone; the page itself does not.
    const pre = card(reader).locator('pre');
    expect(await pre.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await auditAccessibility(reader, 'formatted question in the stream, 375');
    await card(reader).getByRole('link', { name: '0 answers' }).click();
    await reader.waitForURL('**/app/social/question/*');
    await dark(reader);
    await expectFormatted(card(reader));
    await auditAccessibility(reader, 'formatted question page, dark, 375');
    await screenshot(reader, 'formatting-question-375-dark');

    // The reader answers in Markdown (headings are an answer's), previewed before it is posted.
    const answerForm = reader.getByRole('form', { name: 'Answer' });
    await answerForm.getByText('Markdown', { exact: true }).click();
    await answerForm
      .getByRole('textbox', { name: 'Write an answer' })
      .fill(`# Use numpy\n\nCall \`numpy.trapezoid(ys, xs)\`: it is $O(n)$.\n\n\`\`\`python\narea = ${ANSWER_WORD}(ys, xs)\n\`\`\``);
    await answerForm.getByRole('button', { name: 'Preview' }).click();
    const answerPreview = reader.getByRole('region', { name: 'Answer preview' });
    await expect.poll(() => answerPreview.getByRole('heading', { level: 3, name: 'Use numpy' }).count(), { timeout: 15_000 }).toBe(1);
    await reader.getByRole('button', { name: 'Post answer' }).click();
    const answers = reader.getByRole('list', { name: 'Answers' });
    await expect.poll(() => answers.getByRole('heading', { level: 3, name: 'Use numpy' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => answers.locator('[data-formula="inline"] .katex').count(), { timeout: 15_000 }).toBe(1);
    expect(await answers.locator('code').first().innerText()).toBe('numpy.trapezoid(ys, xs)');
    await auditAccessibility(reader, 'formatted answer, dark, 375');

    await reader.goto(`/app/social/search?q=${FUNCTION}&tab=questions`);
    await expect.poll(() => card(reader).count(), { timeout: 15_000 }).toBe(1);
    await expectFormatted(card(reader));

    // A word only the answer's code holds finds the question too (answers are searched as their question).
    await asker.goto(`/app/social/search?q=${ANSWER_WORD}&tab=questions`);
    await expect.poll(() => card(asker).count(), { timeout: 15_000 }).toBe(1);
    await expectFormatted(card(asker));
  });
});
