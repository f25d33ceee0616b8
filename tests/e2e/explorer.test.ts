/**
 * The statechart explorer in the product as built, under its real CSP (script-src
 * 'self', no eval: elkjs lays the charts out in the page): opened from the debug panel with
 * ?debug=1, it lists the member's running actors, draws the chosen chart with its active states,
 * sends an accepted event to the real actor, time travels, and replays a journal file.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createJournal } from '../../src/effects/debug/journal';
import { isolate } from '../../src/effects/debug/journalReplay';
import { navigationMachine } from '../../src/machines/shell/navigation.machine';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { signUpMember } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

describe('statechart explorer', () => {
  it('follows, drives and replays the actors of a member page, at 1280 and 375 px', async () => {
    const { page } = await signUpMember(browser, app, 'explorer');
    await page.goto('/app/social/streams?debug=1');
    await page.getByRole('button', { name: 'Open statechart explorer' }).click();
    const explorer = page.getByRole('region', { name: 'Statechart explorer' });
    const actors = explorer.getByRole('navigation', { name: 'Actors' });
    await actors.getByRole('button', { name: 'feed', exact: true }).waitFor();
    expect(await actors.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['app', 'session', 'toasts', 'navigation', 'feed']),
    );

    await actors.getByRole('button', { name: 'navigation', exact: true }).click();
    await explorer.getByRole('img', { name: 'Statechart navigation, active: sidebar, closed, searchBar, closed' }).waitFor();
    const form = explorer.getByRole('form', { name: 'Send an event' });
    await form.getByRole('combobox', { name: 'Event' }).selectOption('searchBar.toggle');
    await form.getByRole('button', { name: 'Send' }).click();
    await explorer.getByRole('img', { name: 'Statechart navigation, active: sidebar, closed, searchBar, open' }).waitFor();
    await form.getByRole('textbox', { name: 'Payload (JSON object)' }).fill('{"section": ');
    await form.getByRole('button', { name: 'Send' }).click();
    expect(await form.getByRole('alert').textContent()).toMatch(/not valid JSON/);
    await screenshot(page, 'explorer-live-1280');
    await auditAccessibility(page, 'statechart explorer, live');

    await explorer.getByRole('button', { name: 'Time travel' }).click();
    await explorer.getByRole('button', { name: 'Step back' }).click();
    expect(await explorer.getByTestId('explorer-state').textContent()).toBe('{"sidebar":"closed","searchBar":"closed"}');
    await explorer.getByRole('button', { name: 'Step forward' }).click();
    expect(await explorer.getByTestId('explorer-state').textContent()).toBe('{"sidebar":"closed","searchBar":"open"}');

    // A journal file, as the debug panel exports it, replayed step by step on a phone in dark mode.
    const recorded = createJournal();
    const nav = createActor(isolate(navigationMachine), { inspect: recorded.inspect }).start();
    nav.send({ type: 'sidebar.toggle' });
    const phone = await openContext(browser, app.url, { viewport: { width: 375, height: 740 } });
    await storeBeforeLoad(phone, { theme: 'dark' });
    const small = await phone.newPage();
    await small.goto('/?debug=1');
    await small.getByRole('button', { name: 'Open statechart explorer' }).click();
    const panel = small.getByRole('region', { name: 'Statechart explorer' });
    await panel.getByLabel('Journal file', { exact: true }).setInputFiles({
      name: 'report.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(recorded.export())),
    });
    await panel.getByText('Before the first of 2 events').waitFor();
    await panel.getByRole('button', { name: 'Step forward' }).click();
    await panel.getByRole('button', { name: 'Step forward' }).click();
    expect(await panel.getByTestId('explorer-state').textContent()).toBe('{"sidebar":"open","searchBar":"closed"}');
    await panel.getByRole('img', { name: /^Statechart navigation, active: sidebar, open/ }).waitFor();
    await screenshot(small, 'explorer-file-375-dark');
    await phone.close();
    await page.context().close();
  });
});
