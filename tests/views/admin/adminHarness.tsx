import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Route } from 'wouter';
import type { AnyActorRef } from 'xstate';
import { adminLogic } from '../../../src/effects/admin/admin';
import { adminActionMachine } from '../../../src/machines/admin/adminAction.machine';
import { Toasts } from '../../../src/views/shell/Toasts';
import { AdminLogicProvider } from '../../../src/views/admin/AdminLogic';
import { admin, auth } from '../../fixtures/auth';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';
import type { TransitionCoverage } from '../../machines/model';

/**
 * An admin page as the admin area renders it: the app actor (session signed in as an admin,
 * the real toast queue), the real admin machines and effects' wiring, and a memory router nested
 * at /admin. Only the requests are held by the test (deferreds it settles): fetchPage, the
 * action's perform, fetchDashboard, fetchMember (and its more), fetchYears, fetchMonths, changePassword.
 */
export function renderAdmin(path: string, page: ReactNode, coverage?: TransitionCoverage) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(admin) });
  const h = viewHarness(
    [
      'fetchPage',
      'perform',
      'fetchDashboard',
      'fetchMember',
      'fetchMoreReports',
      'fetchMorePosts',
      'fetchYears',
      'fetchMonths',
      'changePassword',
    ],
    coverage,
  );
  const base = adminLogic(app);
  const logic = {
    list: base.list.provide({
      actors: {
        fetchPage: h.actors.fetchPage,
        action: adminActionMachine.provide({ actors: { perform: h.actors.perform as never } }),
      } as never,
    }),
    dashboard: base.dashboard.provide({ actors: { fetchDashboard: h.actors.fetchDashboard as never } }),
    member: base.member.provide({
      actors: {
        fetchMember: h.actors.fetchMember,
        fetchMoreReports: h.actors.fetchMoreReports,
        fetchMorePosts: h.actors.fetchMorePosts,
        action: adminActionMachine.provide({ actors: { perform: h.actors.perform as never } }),
      } as never,
    }),
    chart: base.chart.provide({ actors: { fetchYears: h.actors.fetchYears as never, fetchMonths: h.actors.fetchMonths as never } }),
    password: base.password.provide({ actors: { changePassword: h.actors.changePassword as never } }),
  };
  const { ui, location } = withApp(
    app,
    path,
    <AdminLogicProvider logic={logic}>
      <Route path="/admin" nest>
        <main>{page}</main>
      </Route>
      <Toasts />
    </AdminLogicProvider>,
  );
  render(ui);
  const user = userEvent.setup({ delay: null });
  /** The page's running child actor by id (its input: what the request asked). */
  const input = (id: string) =>
    (h.actor().getSnapshot().children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot().input as unknown;
  /** What the running action's request was asked to do: `{action, reason}`. */
  const request = () => {
    const dialog = (h.actor().getSnapshot().children as Record<string, AnyActorRef | undefined>).action;
    return (dialog?.getSnapshot().children as Record<string, AnyActorRef | undefined> | undefined)?.perform?.getSnapshot().input as unknown;
  };
  return { app, h, user, location, input, request };
}

/** What the toasts say, oldest first. */
export const toasts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

/** react-aria's live announcer outlives cleanup(): empty it so a later audit finds no stale ids. */
export function clearAnnouncer() {
  document.querySelectorAll('[data-live-announcer] [role="log"]').forEach((log) => log.replaceChildren());
}

/** What axe finds on the page (colour contrast aside: jsdom draws no colours), as `rule: targets`. */
export const audited = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
  );
