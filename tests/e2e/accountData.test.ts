/**
 * Leaving with your data against `npm start`: Settings > Your data prepares an archive in the
 * background, notifies when it is ready and downloads it (opened here with yauzl); "Delete
 * account" asks for the password, signing in during the grace period offers to cancel, and once
 * the grace period is over (moved into the past in the database, as auth.test.ts bans: the server's
 * clock is the real one) the next sweep leaves nothing of the member. At 1280 and 375 px, light and dark.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { MEMBER_PASSWORD, callApi, signUpMember, type Member } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

// The sweep that carries out due deletions runs every second here (every minute by default).
const ADMIN_INVITE_CODE = 'stoa-e2e-account-data';
useAppAndBrowser({ ACCOUNT_SWEEP_SECONDS: '1', ADMIN_INVITE_CODE });

function zipNames(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

const settingsOf = (m: Member) => `/app/social/setting/${m.username}`;

async function signIn(page: Page, username: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email or username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('leaving with your data', () => {
  let dee: Member;
  let eve: Member;

  beforeAll(async () => {
    dee = await signUpMember(browser, app, 'dee');
    eve = await signUpMember(browser, app, 'eve');
    await callApi(app, 'POST', '/post', dee.token, { post: 'Everything I wrote goes with me' });
    await callApi(app, 'PUT', `/user/follow/${eve.id}`, dee.token);
  });

  it('prepares the archive, says when it is ready, and downloads it', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await storeBeforeLoad(context, { authToken: dee.token });
    const page = await context.newPage();
    // With no deletion scheduled the member area asks nothing about one (the answer that let the member in says so).
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().includes('/api/v1/account/deletion') && asked.push(request.url())));
    await page.goto('/app/social/streams');
    await expect.poll(() => page.getByText('Everything I wrote goes with me').count(), { timeout: 15_000 }).toBe(1);
    expect(asked).toEqual([]);
    expect(await page.getByRole('region', { name: 'Account deletion' }).count()).toBe(0);
    await page.goto(settingsOf(dee));
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Download your data' }).click();
    await expect.poll(() => section.getByRole('button', { name: 'Download archive' }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => section.getByRole('status').first().innerText()).toMatch(/^Ready since/);
    // The inbox has the news.
    const inbox = await callApi<{ notifications: { kind: string }[] }>(app, 'GET', '/notifications', dee.token);
    expect(inbox.notifications.map((n) => n.kind)).toContain('dataExportReady');
    await auditAccessibility(page, 'your data, ready');
    await screenshot(page, 'your-data-1280-light');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download archive' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stoa-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await zipNames(await download.path());
    expect(files.get('README.md')).toContain('`posts.json`');
    expect(JSON.parse(files.get('posts.json')!).map((p: { post: string }) => p.post)).toEqual(['Everything I wrote goes with me']);
    expect(JSON.parse(files.get('follows.json')!)).toEqual([expect.objectContaining({ username: 'eve', direction: 'following' })]);
    expect(JSON.parse(files.get('profile.json')!)[0]).toMatchObject({ username: 'dee', email: 'dee@example.org' });
    await context.close();
  });

  it('deletes after the password, cancels when signing in during the grace period, and then leaves nothing', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 375, height: 812 } });
    await storeBeforeLoad(context, { authToken: dee.token });
    let page = await context.newPage();
    await page.goto(settingsOf(dee));
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Wrong password');
    await auditAccessibility(page, 'delete account dialog, phone');
    await screenshot(page, 'your-data-delete-375-light');
    await dialog.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => section.getByText(/^Your account will be deleted on/).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await auditAccessibility(page, 'your data, deletion scheduled, phone, dark');
    await screenshot(page, 'your-data-375-dark');
    // Opening the member area again: GET /currentuser says a deletion is scheduled, and the notice comes with it.
    await page.goto('/app/social/streams');
    await expect
      .poll(() => page.getByRole('region', { name: 'Account deletion' }).getByText('Your account is scheduled for deletion').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await context.close();

    // Signing in during the grace period offers to cancel.
    const again = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 } });
    page = await again.newPage();
    await signIn(page, 'dee');
    await page.waitForURL('**/app/social/streams');
    const notice = page.getByRole('region', { name: 'Account deletion' });
    await expect.poll(() => notice.getByText('Your account is scheduled for deletion').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await auditAccessibility(page, 'deletion notice, dark');
    await screenshot(page, 'deletion-notice-1280-dark');
    await notice.getByRole('button', { name: 'Cancel deletion' }).click();
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
    const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;
    expect((await callApi<{ deletion: unknown }>(app, 'GET', '/account/deletion', token)).deletion).toBeNull();

    // Delete again, and move past the grace period.
    await page.goto(settingsOf(dee));
    const settings = page.getByRole('region', { name: 'Your data' });
    await settings.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => settings.getByText(/^Your account will be deleted on/).count(), { timeout: 15_000 }).toBe(1);

    // An admin sees it among the scheduled deletions.
    const adminContext = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await admin.goto('/admin/signup');
    const adminForm = admin.getByRole('form', { name: 'Admin sign up' });
    await adminForm.getByLabel('Username').fill('mod_ada');
    await adminForm.getByLabel('Email').fill('mod_ada@example.org');
    await adminForm.getByLabel('Password', { exact: true }).fill('analytical-engine-1843');
    await adminForm.getByLabel('Invite code').fill(ADMIN_INVITE_CODE);
    await adminForm.getByRole('button', { name: 'Create account' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
    await admin.getByRole('link', { name: 'Scheduled deletions' }).click();
    const scheduled = admin.getByRole('list', { name: 'Scheduled deletions' });
    await expect.poll(() => scheduled.getByText('dee@example.org').count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(admin, 'admin, scheduled deletions');
    await screenshot(admin, 'admin-deletions-1280-light');

    const db = new Database(join(app.dataDir, 'stoa.db'));
    try {
      db.prepare("update account_deletions set delete_after = '2000-01-01T00:00:00.000Z' where user_id = ?").run(dee.id);
      await expect
        .poll(() => db.prepare('select count(*) as n from users where id = ?').get(dee.id), { timeout: 20_000 })
        .toEqual({ n: 0 });
      // Nothing of dee anywhere: every table, every column.
      const tables = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%'")
        .all() as {
        name: string;
      }[];
      for (const { name } of tables) {
        const rows = db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[];
        const left = rows.filter((row) =>
          Object.values(row).some((v) => typeof v === 'string' && (v.includes(dee.id) || v === 'dee' || v.includes('dee@example.org'))),
        );
        expect(left, name).toEqual([]);
      }
    } finally {
      db.close();
    }
    await again.close();
    await admin.reload();
    await expect.poll(() => admin.getByText('No scheduled deletions').count(), { timeout: 15_000 }).toBe(1);
    await adminContext.close();

    // Her old session is gone, and she cannot sign in.
    const after = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 } });
    page = await after.newPage();
    await signIn(page, 'dee');
    await expect.poll(() => page.getByRole('form', { name: 'Sign in' }).getByRole('alert').count(), { timeout: 15_000 }).toBe(1);
    expect(page.url()).not.toContain('/app/social');
    await after.close();
  });
});
