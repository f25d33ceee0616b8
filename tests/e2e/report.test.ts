/**
 * "Report a problem" on a real journey: Ada loads the app with ?debug=1, signs in,
 * posts, opens a chat with Ben from his post and sends a message, all in one page load; then the
 * debug panel's "Report a problem" saves the journal, read here through Playwright's download.
 * Replayed in Node against the app's own machines, every replayable system ends in the states the
 * browser recorded, event after event; the file carries version, route and screen, and not the
 * password Ada typed. Neither file the panel writes (Export, Report a problem) carries the live
 * session token, before or after a load that boots from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseJournal } from '../../src/effects/debug/journalFile';
import { compareReplay } from '../../src/effects/debug/journalReport';
import { statecharts } from '../../src/machines';
import { appMachine } from '../../src/machines/shell/app.machine';
import { openContext } from './support/browser';
import { app, browser, useAppAndBrowser } from './support/world';
import { callApi, MEMBER_PASSWORD, signUpMember, type Member } from './support/members';

useAppAndBrowser();

const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
const chatBox = (page: Page) => page.getByRole('textbox', { name: 'Message ben' });
const journalPanel = (page: Page) => page.getByRole('region', { name: 'Event journal' });

describe('a problem report of a real journey', () => {
  let ben: Member;

  beforeAll(async () => {
    await signUpMember(browser, app, 'ada');
    ben = await signUpMember(browser, app, 'ben');
    await callApi(app, 'POST', '/post', ben.token, { post: 'Ben asks: who replays their bugs?' });
  });

  it('sign in, post and chat, saved by "Report a problem", replay to the same states in Node', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/?debug=1');
    // The panel opens with the page; it is closed while Ada works (it sits over the page) and the journal keeps recording.
    await journalPanel(page).waitFor();
    await journalPanel(page).getByRole('button', { name: 'Close event journal' }).click();

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email or username').fill('ada');
    await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/app/social/streams');

    // A post.
    await page.getByRole('radio', { name: 'Latest' }).click();
    await page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .click();
    const composer = page.getByRole('form', { name: 'Post' });
    await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Replays make bug reports honest.');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'Replays make bug reports honest.' }).count(), { timeout: 15_000 })
      .toBe(1);

    // A chat, opened from Ben's post, and a message that reaches the server.
    const card = page.getByRole('article').filter({ hasText: 'Ben asks' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await card.getByRole('button', { name: 'More options for ben' }).click();
    await page.getByRole('menuitem', { name: 'Message ben' }).click();
    await page.waitForURL(`**/app/social/chat/messages?username=ben&id=${ben.id}&isGroup=false`);
    await chatBox(page).fill('Hi Ben, I do.');
    await chatBox(page).press('Enter');
    const bubble = page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Hi Ben, I do.' });
    await expect.poll(() => bubble.innerText(), { timeout: 15_000 }).toMatch(/Sent/);

    // The panel again (Ctrl+Alt+J), and the report, as the browser saves it.
    await page.keyboard.press('Control+Alt+KeyJ');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      journalPanel(page).getByRole('button', { name: 'Report a problem' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stoa-report-.+\.json$/);
    const text = readFileSync(await download.path(), 'utf8');
    await context.close();

    expect(text).not.toContain(MEMBER_PASSWORD);
    const report = parseJournal(text);
    expect(report).toMatchObject({ format: 'stoa-journal', version: 2, dropped: 0 });
    expect(report.environment).toMatchObject({
      appVersion: version,
      route: `/app/social/chat/messages?username=ben&id=${ben.id}&isGroup=false`,
      screen: { width: 1280, height: 900, pixelRatio: 1 },
      userAgent: expect.stringMatching(/Chrome/),
    });

    const verdict = compareReplay(report, { ...statecharts, app: appMachine });
    const parted = verdict.systems.filter((s) => s.verdict === 'parts');
    expect(verdict.agrees ? [] : [verdict, parted], 'where a replay parted from the recording').toEqual([]);
    const replayed = verdict.systems.filter((s) => s.verdict === 'agrees');
    for (const root of ['app', 'signIn', 'composer', 'chat'])
      expect(
        replayed.map((s) => s.root),
        root,
      ).toContain(root);
    expect(replayed.every((s) => s.compared > 0)).toBe(true);
    console.log(
      'systems:',
      verdict.systems.map((s) => `${s.root} ${s.verdict}${s.reason ? ` (${s.reason})` : ''} ${s.compared}`).join('; '),
      `| entries ${report.entries.length}, ${text.length} bytes`,
    );
  });

  it('the exported journal and the report carry neither the live session token nor the typed password', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/?debug=1');
    await journalPanel(page).waitFor();
    await journalPanel(page).getByRole('button', { name: 'Close event journal' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email or username').pressSequentially('ada');
    await form.getByLabel('Password', { exact: true }).pressSequentially(MEMBER_PASSWORD);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/app/social/streams');
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    /** Both files the panel writes, as the browser saves them. */
    const saveBoth = async () => {
      await page.keyboard.press('Control+Alt+KeyJ');
      const files: string[] = [];
      for (const name of ['Export journal as JSON', 'Report a problem']) {
        const [download] = await Promise.all([page.waitForEvent('download'), journalPanel(page).getByRole('button', { name }).click()]);
        files.push(readFileSync(await download.path(), 'utf8'));
      }
      return files;
    };
    // The page where the password was typed, then a fresh load that boots from the stored token.
    const files = await saveBoth();
    await page.goto('/app/social/streams?debug=1');
    await journalPanel(page).waitFor();
    await journalPanel(page).getByRole('button', { name: 'Close event journal' }).click();
    files.push(...(await saveBoth()));
    expect(await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'))).toBe(token);
    await context.close();

    const [, payload, signature] = token!.split('.');
    for (const text of files) {
      expect(parseJournal(text).entries.length).toBeGreaterThan(0);
      expect(text).not.toContain(MEMBER_PASSWORD);
      expect(text).not.toContain(token!);
      expect(text).not.toContain(payload!);
      expect(text).not.toContain(signature!);
    }
    // The boot from storage is in the second load's files, redacted.
    expect(files[2]).toContain('"storedToken": "[redacted]"');
  });
});
