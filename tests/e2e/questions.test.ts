/**
 * Questions and answers, two members in two browser contexts against `npm start`: one asks, the
 * other answers from the questions list, the asker sees the answer live and accepts it.
 * Light and dark, 375 px and 1280 px, the answer posted with the keyboard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { app, browser, useAppAndBrowser } from './support/world';
import { auditAccessibility, screenshot } from './support/look';
import { signUpMember } from './support/members';

useAppAndBrowser();

const signUp = async (username: string, width: number): Promise<Page> => (await signUpMember(browser, app, username, width)).page;

async function dark(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
}

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
const answers = (page: Page) => page.getByRole('list', { name: 'Answers' });

describe('asking and answering a question', () => {
  let asker: Page;
  let helper: Page;
  const question = 'How do I test every transition of a statechart?';
  const reply = 'Walk the graph with @xstate/graph and replay each path.';

  beforeAll(async () => {
    asker = await signUp('asker', 1280);
    helper = await signUp('helper', 375);
  });

  it('one asks, the other answers, the asker accepts', async () => {
    await asker.goto('/app/social/questions');
    await asker.getByRole('button', { name: 'Ask a question' }).click();
    const form = asker.getByRole('form', { name: 'Question' });
    await form.getByRole('textbox', { name: "What's your question?" }).fill(question);
    await form.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect.poll(() => card(asker, question).count()).toBe(1);

    // The asker opens the question and keeps it open: the answer arrives live.
    await card(asker, question).getByRole('link', { name: '0 answers' }).click();
    await asker.waitForURL('**/app/social/question/*');
    await expect.poll(() => answers(asker).innerText()).toContain('No answers yet');

    await helper.goto('/app/social/questions');
    await expect.poll(() => card(helper, question).count(), { timeout: 15_000 }).toBe(1);
    await card(helper, question).getByRole('link', { name: '0 answers' }).click();
    await helper.waitForURL('**/app/social/question/*');
    expect(helper.url()).toBe(asker.url());

    // An empty answer is refused with a clear message.
    const box = helper.getByRole('textbox', { name: 'Write an answer' });
    await expect.poll(() => box.count()).toBe(1);
    await helper.getByRole('button', { name: 'Post answer' }).click();
    await expect.poll(() => helper.getByRole('alert').filter({ hasText: 'Write something before posting your answer.' }).count()).toBe(1);

    // Typed and sent with the keyboard only.
    await box.focus();
    await helper.keyboard.type(reply);
    await helper.keyboard.press('Tab');
    await helper.keyboard.press('Enter');
    await expect.poll(() => answers(helper).innerText()).toContain(reply);
    await expect.poll(() => box.inputValue()).toBe('');
    await screenshot(helper, 'question-answered-375-light');

    // Her own answer: edited in place, marked as such.
    await answers(helper).getByRole('button', { name: 'Edit answer' }).click();
    const edit = helper.getByRole('textbox', { name: 'Edit answer' });
    await edit.fill('');
    await helper.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => helper.getByRole('alert').filter({ hasText: 'Write something before posting your answer.' }).count()).toBe(1);
    await edit.fill(reply);
    await helper.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => answers(helper).innerText()).toMatch(/edited/);

    // The asker sees it without a reload, and accepts it.
    await expect.poll(() => answers(asker).innerText(), { timeout: 15_000 }).toContain(reply);
    await expect.poll(() => card(asker, question).getByRole('link', { name: '1 answer' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await answers(helper).getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await auditAccessibility(asker, 'question page with an answer');
    await answers(asker).getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => answers(asker).innerText(), { timeout: 15_000 }).toContain('Accepted answer');
    await expect.poll(() => answers(asker).getByRole('button', { name: 'Unaccept' }).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(asker, 'question-accepted-1280-light');

    await helper.reload();
    await expect.poll(() => answers(helper).innerText(), { timeout: 15_000 }).toContain('Accepted answer');
    expect(
      await answers(helper)
        .getByRole('listitem', { name: /accepted/ })
        .innerText(),
    ).toContain(reply);

    await dark(asker);
    await expect.poll(() => answers(asker).innerText()).toContain('Accepted answer');
    await auditAccessibility(asker, 'question page, dark');
    await screenshot(asker, 'question-accepted-1280-dark');
    await dark(helper);
    await expect.poll(() => answers(helper).innerText()).toContain('Accepted answer');
    await auditAccessibility(helper, 'question page, dark, 375');
    await screenshot(helper, 'question-accepted-375-dark');
  });
});
