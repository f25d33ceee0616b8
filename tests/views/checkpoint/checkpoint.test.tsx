import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { act } from 'react';
import type { MyAppeal } from '../../../src/api/moderation';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import type { AppActorRef } from '../../../src/effects/shell/app';
import { appealFormMachine } from '../../../src/machines/checkpoint/appealForm.machine';
import { appMachine } from '../../../src/machines/shell/app.machine';
import { checkpointMachine } from '../../../src/machines/checkpoint/checkpoint.machine';
import ApprovalPage from '../../../src/views/checkpoint/ApprovalPage';
import CheckpointPage from '../../../src/views/checkpoint/CheckpointPage';
import IssuePage from '../../../src/views/checkpoint/IssuePage';
import { CheckpointLogicProvider } from '../../../src/views/checkpoint/CheckpointLogic';
import type { CheckpointLogic } from '../../../src/effects/checkpoint/checkpoint';
import { fakeLogic } from '../fakeLogic';
import { apiFailure, bannedAlice, networkFailure } from '../../fixtures/auth';
import { standing } from '../../fixtures/moderation';
import { withApp } from '../appHarness';
import { viewHarness } from '../harness';

/** A page of the checkpoint with its machine's calls as deferreds, in an app whose session holds `token`. */
function open(page: 'checkpoint' | 'issua' | 'aarovel', token: string | null = 'stored') {
  const app = createActor(appMachine, { input: { storedTheme: null, storedToken: token } }).start() as unknown as AppActorRef;
  if (token) app.system.get('session')!.send({ type: 'session.login', token, user: bannedAlice });
  const navigate = vi.fn();
  const h = viewHarness(page === 'issua' ? ['fetchStanding', 'sendAppeal'] : ['fetchStanding', 'fetchSupportEmail']);
  const actions = { navigate: (_: unknown, to: unknown) => navigate(to) };
  // The appeal watch as the socket drives it: `decide` is an admin's decision arriving.
  const watch = { send: null as null | ((event: { type: 'checkpoint.standing'; standing: MyAppeal }) => void) };
  const appealWatch = fromCallback(({ sendBack }) => {
    watch.send = sendBack;
    return () => void (watch.send = null);
  });
  const decide = (standing: MyAppeal) =>
    act(async () => {
      expect(watch.send, 'the page listens for the decision').not.toBeNull();
      watch.send!({ type: 'checkpoint.standing', standing });
    });
  const logic = fakeLogic<CheckpointLogic>(
    page === 'issua'
      ? { appealForm: appealFormMachine.provide({ actors: h.actors as never, actions }) }
      : { checkpoint: checkpointMachine.provide({ actors: { ...h.actors, appealWatch } as never, actions }) },
  );
  const node = (
    <CheckpointLogicProvider logic={logic}>
      {page === 'checkpoint' ? <CheckpointPage /> : page === 'issua' ? <IssuePage /> : <ApprovalPage />}
    </CheckpointLogicProvider>
  );
  const { ui, location } = withApp(app, `/${page}`, node);
  render(ui);
  return { app, h, navigate, location, decide };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/checkpoint', () => {
  it('says why and since when, and what the member can do: Appeal, a button to the appeal form', async () => {
    const { h, location } = open('checkpoint');
    expect(screen.getByRole('status').textContent).toContain('Loading your account status');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedNoAppeal });
    await h.settle({ type: 'xstate.done.actor.fetchSupportEmail', output: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your account is banned');
    expect(screen.getByText('Your account has been banned.')).toBeTruthy();
    // No "contact support" without saying how: the spec's sentence stays in the toast only.
    expect(document.body.textContent).not.toContain('contact support');
    expect(screen.queryByText(BANNED_MESSAGE)).toBeNull();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(screen.getByText('Spam in every group')).toBeTruthy();
    expect(screen.getByText('20 November 2026')).toBeTruthy();
    expect(screen.getByText('Signed in as @alice.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What you can do' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Appeal' }));
    expect(location.history.at(-1)).toBe('/issua');
    h.restore();
  });

  it('shows the support address when the server has one (SUPPORT_EMAIL)', async () => {
    const { h } = open('checkpoint');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedNoAppeal });
    await h.settle({ type: 'xstate.done.actor.fetchSupportEmail', output: 'help@stoa.example.org' });
    const link = screen.getByRole('link', { name: 'help@stoa.example.org' });
    expect(link.getAttribute('href')).toBe('mailto:help@stoa.example.org');
    expect(link.closest('p')!.textContent).toBe('For anything else, write to support at help@stoa.example.org.');
    h.restore();
  });

  it('points to the waiting appeal instead of a second one, and to the reply of a rejected one', async () => {
    let page = open('checkpoint');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedPending });
    fireEvent.click(screen.getByRole('button', { name: 'See your appeal' }));
    expect(page.location.history.at(-1)).toBe('/aarovel');
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
    page.h.restore();
    cleanup();
    page = open('checkpoint');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedRejected });
    expect(screen.getByRole('link', { name: 'Read the reply' }).getAttribute('href')).toBe('/aarovel');
    expect(screen.getByRole('button', { name: 'Appeal' })).toBeTruthy();
    page.h.restore();
  });

  it('shows a failed load with Try again, which asks once more', async () => {
    const { h } = open('checkpoint');
    await h.settle({ type: 'xstate.error.actor.fetchStanding', error: networkFailure });
    expect(screen.getByRole('alert').textContent).toContain('Could not load your account status');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.neverBanned });
    expect(screen.getByText('Your account is not banned')).toBeTruthy();
    h.restore();
  });

  it('lets a member whose ban was lifted go on to the streams', async () => {
    const { h, location } = open('checkpoint');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.liftedByAppeal });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
    fireEvent.click(screen.getByRole('button', { name: 'Go to your streams' }));
    expect(location.history.at(-1)).toBe('/app/social/streams');
    h.restore();
  });

  it('sends a visitor who is not signed in to the sign-in page, asking nothing', () => {
    const { h, navigate } = open('checkpoint', null);
    expect(navigate).toHaveBeenCalledWith({ to: '/', replace: true });
    expect(h.actor().getSnapshot().children.fetchStanding).toBeUndefined();
    h.restore();
  });

  it('signs out from the page', async () => {
    const { app, h, location } = open('checkpoint');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedNoAppeal });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(app.system.get('session')!.getSnapshot().value).not.toBe('banned');
    expect(location.history.at(-1)).toBe('/');
    h.restore();
  });
});

describe('/issua, the appeal form', () => {
  it('checks the text with the contract, shows the refusal, and goes to the status once sent', async () => {
    const { h, navigate } = open('issua');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedNoAppeal });
    const user = userEvent.setup({ delay: null });
    const text = screen.getByRole('textbox', { name: 'Your appeal' });
    await user.type(text, 'Please unban me');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(screen.getByText('Appeal must be at least 20 characters')).toBeTruthy();
    expect(h.actor().getSnapshot().value).toBe('editing');
    await user.type(text, ', the spam came from a script I have switched off.');
    expect(screen.queryByText('Appeal must be at least 20 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(screen.getByRole('button', { name: 'Sending appeal...' }).hasAttribute('disabled')).toBe(true);
    expect(h.actor().getSnapshot().children.sendAppeal!.getSnapshot().input).toEqual({
      message: 'Please unban me, the spam came from a script I have switched off.',
    });
    await h.settle({ type: 'xstate.error.actor.sendAppeal', error: apiFailure('Too many requests, please slow down', 429) });
    expect(within(screen.getByRole('form', { name: 'Appeal' })).getByRole('alert').textContent).toContain(
      'Too many requests, please slow down',
    );
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    await h.settle({ type: 'xstate.done.actor.sendAppeal', output: { message: 'Appeal sent' } });
    expect(navigate).toHaveBeenCalledWith({ to: '/aarovel', replace: true });
    h.restore();
  });

  it('offers no second appeal while one waits, and nothing to a member who is not banned', async () => {
    let page = open('issua');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedPending });
    expect(screen.getByText('Your appeal is waiting for review')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    page.h.restore();
    cleanup();
    page = open('issua');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.neverBanned });
    expect(screen.getByText('There is nothing to appeal.')).toBeTruthy();
    page.h.restore();
  });
});

describe('/aarovel, the appeal status', () => {
  it('shows a waiting appeal, the reply of a rejected one, and an approved one as lifted', async () => {
    let page = open('aarovel');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedPending });
    expect(screen.getByText('Waiting for a moderator')).toBeTruthy();
    expect(screen.getByText(/Sent on 21 November 2026/)).toBeTruthy();
    page.h.restore();
    cleanup();
    page = open('aarovel');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedRejected });
    expect(screen.getByText('Your appeal was rejected')).toBeTruthy();
    expect(screen.getByText('The spam went on after two warnings.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeal again' }).getAttribute('href')).toBe('/issua');
    page.h.restore();
    cleanup();
    page = open('aarovel');
    await page.h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.liftedByAppeal });
    expect(screen.getByText('Your appeal was approved')).toBeTruthy();
    expect(screen.getByText('The ban was lifted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to your streams' })).toBeTruthy();
    page.h.restore();
  });

  it('takes the decision live while open, and its icon says which way it went', async () => {
    const icon = () => document.querySelector('h1')!.parentElement!.querySelector('svg')!.getAttribute('class');
    const { h, decide } = open('aarovel');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedPending });
    expect(screen.getByText('Waiting for a moderator')).toBeTruthy();
    expect(icon()).toContain('lucide-hourglass');

    await decide(standing.bannedRejected);
    expect(screen.getByText('Your appeal was rejected')).toBeTruthy();
    expect(screen.getByText('The spam went on after two warnings.')).toBeTruthy();
    expect(screen.queryByText('Waiting for a moderator')).toBeNull();
    expect(icon()).toContain('lucide-circle-x');
    expect(icon()).not.toContain('lucide-hourglass');

    await decide(standing.liftedByAppeal);
    expect(screen.getByText('Your appeal was approved')).toBeTruthy();
    expect(screen.getByText('The ban was lifted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to your streams' })).toBeTruthy();
    expect(icon()).toContain('lucide-circle-check');
    h.restore();
  });

  it('invites an appeal when there is none', async () => {
    const { h } = open('aarovel');
    await h.settle({ type: 'xstate.done.actor.fetchStanding', output: standing.bannedNoAppeal });
    expect(screen.getByText(/You have not appealed this ban/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe('/issua');
    h.restore();
  });
});
