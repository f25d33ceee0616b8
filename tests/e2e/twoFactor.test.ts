/**
 * Two-factor sign-in in real Chromium against `npm start`: a member turns it on in Settings with a
 * code this test computes from the secret shown (otpauth), saves the recovery codes, signs out,
 * signs in with a code from the "app", then with a recovery code; at 1280 px light and 375 px dark.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { MEMBER_PASSWORD, signUpMember } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

/** The code an authenticator app shows `stepsAhead` steps from now (the step that turned it on is used). */
const codeFor = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

async function signOut(page: Page) {
  await page
    .getByRole('button', { name: /^(Sign out|Open menu)$/ })
    .filter({ visible: true })
    .first()
    .waitFor();
  const visible = page.getByRole('button', { name: 'Sign out' }).filter({ visible: true });
  if ((await visible.count()) === 0) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email or username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  return page.getByRole('form', { name: 'Two-factor sign-in' });
}

describe('two-factor sign-in', () => {
  it('turns on with a computed code, then signs in with a code and with a recovery code', async () => {
    const member = await signUpMember(browser, app, 'grace_2fa');
    const page = member.page;
    await page.goto(`/app/social/setting/${member.username}`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const confirm = section.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await confirm.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await confirm.locator('code').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await auditAccessibility(page, 'two-factor set-up');
    await screenshot(page, 'two-factor-setup-1280-light');
    // A wrong code is refused with the server's words.
    const wrong = codeFor(secret) === '000000' ? '111111' : '000000';
    await confirm.getByLabel('Code from your app').fill(wrong);
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => section.getByRole('alert').innerText()).toContain('That code is not right');
    await confirm.getByLabel('Code from your app').fill(codeFor(secret));
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    const list = section.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await auditAccessibility(page, 'recovery codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => section.innerText()).toContain('10 recovery codes left');
    await signOut(page);

    // The password alone no longer signs in: the form asks for a code.
    const step = await passwordStep(page, member.username);
    await step.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await auditAccessibility(page, 'two-factor sign-in step');
    await screenshot(page, 'two-factor-signin-1280-light');
    // The step that turned it on is used: the app's next code.
    await step.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/app/social/streams');
    await signOut(page);
    await page.context().close();

    // A phone-sized, dark browser with a recovery code.
    const context = await openContext(browser, app.url, { viewport: { width: 375, height: 800 } });
    await storeBeforeLoad(context, { theme: 'dark' });
    const phone = await context.newPage();
    const second = await passwordStep(phone, member.username);
    await second.waitFor();
    expect(await phone.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await second.getByRole('button', { name: 'Use a recovery code' }).click();
    await second.getByLabel('Recovery code').fill('nope-nope-nope-nope');
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => second.getByRole('alert').innerText()).toContain('That recovery code is not right');
    await auditAccessibility(phone, 'two-factor sign-in step, dark, 375');
    await screenshot(phone, 'two-factor-signin-375-dark');
    await second.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await second.getByRole('button', { name: 'Verify' }).click();
    await phone.waitForURL('**/app/social/streams');
    await phone.goto(`/app/social/setting/${member.username}`);
    const section375 = phone.getByRole('region', { name: 'Two-factor sign-in' });
    await expect.poll(() => section375.innerText()).toContain('9 recovery codes left');
    await auditAccessibility(phone, 'settings with two-factor on, dark, 375');
    await context.close();
  });
});
