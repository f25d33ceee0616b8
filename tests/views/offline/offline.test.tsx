import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appUpdateLogic, workerActor } from '../../../src/effects/offline/appUpdate';
import { createDrafts } from '../../../src/effects/offline/drafts';
import { UPDATE_READY_TEXT } from '../../../src/machines/offline/appUpdate.connect';
import { ConnectivityIndicator } from '../../../src/views/offline/ConnectivityIndicator';
import { UpdateBanner, UpdateCard } from '../../../src/views/offline/UpdateBanner';
import { startTestApp, withApp } from '../appHarness';

afterEach(() => cleanup());

describe('the update banner', () => {
  it('shows "A new version of Stoa is ready · Reload" once a new version waits; Later hides it, Reload waits for the new worker', () => {
    const { app } = startTestApp();
    const { ui } = withApp(app, '/', <UpdateBanner />);
    render(ui);
    expect(screen.queryByText(UPDATE_READY_TEXT)).toBeNull();
    const updates = app.system.get('appUpdate')!;
    act(() => updates.send({ type: 'update.waiting' }));
    const region = screen.getByRole('region', { name: 'App update' });
    expect(region.textContent).toContain(UPDATE_READY_TEXT);
    // A live status, and buttons in the tab order.
    expect(screen.getByRole('status').textContent).toBe(UPDATE_READY_TEXT);
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(reload.tabIndex).toBe(0);
    act(() => fireEvent.click(reload));
    expect(updates.getSnapshot().value).toBe('reloading');
    // The button shows it is at work (react-aria's pending state) until the new worker reloads the page.
    expect(screen.getByRole('button', { name: /Reload/ }).hasAttribute('data-pending')).toBe(true);
  });

  it('"Later" hides it for this page', () => {
    const { app } = startTestApp();
    const { ui } = withApp(app, '/', <UpdateBanner />);
    render(ui);
    act(() => app.system.get('appUpdate')!.send({ type: 'update.waiting' }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Later' })));
    expect(screen.queryByText(UPDATE_READY_TEXT)).toBeNull();
  });

  it('waits while a draft is held, through the drafts registry', () => {
    const drafts = createDrafts();
    const actor = createActor(appUpdateLogic(workerActor({ drafts, enabled: () => false }), () => {})).start();
    render(<UpdateCard actor={actor} />);
    drafts.hold('composer');
    act(() => actor.send({ type: 'update.waiting' }));
    expect(screen.queryByText(UPDATE_READY_TEXT)).toBeNull();
    act(() => drafts.release('composer'));
    expect(screen.getByText(UPDATE_READY_TEXT)).toBeTruthy();
    actor.stop();
  });
});

describe('the connectivity indicator', () => {
  it('says nothing online, "You are offline" offline, "Reconnecting…" while the socket comes back', () => {
    const { app } = startTestApp();
    const { ui } = withApp(app, '/', <ConnectivityIndicator />);
    render(ui);
    const connectivity = app.system.get('connectivity')!;
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => connectivity.send({ type: 'connectivity.offline' }));
    expect(screen.getByRole('status').textContent).toBe('You are offline');
    act(() => connectivity.send({ type: 'connectivity.socket', status: 'reconnecting' }));
    act(() => connectivity.send({ type: 'connectivity.online' }));
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
    act(() => connectivity.send({ type: 'connectivity.socket', status: 'connected' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
