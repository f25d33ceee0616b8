import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createActorRegistry } from '../../../src/effects/debug/actorRegistry';
import { createJournal } from '../../../src/effects/debug/journal';
import { createTimeTravel, machinesByRoot } from '../../../src/effects/debug/timeTravel';
import { navigationMachine } from '../../../src/machines/shell/navigation.machine';
import { toastMachine } from '../../../src/machines/shell/toast.machine';
import { DebugPanel } from '../../../src/views/debug/DebugPanel';
import { journalRequested } from '../../../src/effects/debug/debugShortcut';
import { Explorer } from '../../../src/views/debug/Explorer';
import { toastInput } from '../../machines/notifications/toast.model';

afterEach(cleanup);

/** A journal, a registry watching it, and a running navigation actor recorded into both. */
function running() {
  const journal = createJournal();
  const registry = createActorRegistry(journal);
  registry.start();
  const actor = createActor(navigationMachine, { inspect: journal.inspect }).start();
  return { journal, registry, actor };
}

const state = () => screen.getByTestId('explorer-state').textContent;
const accepted = () =>
  within(screen.getByRole('list', { name: 'Accepted events' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Statechart explorer', () => {
  it('lists the running actors and follows the chosen one live: state, accepted events, chart', async () => {
    const { journal, registry, actor } = running();
    render(<Explorer journal={journal} registry={registry} />);
    const actors = screen.getByRole('navigation', { name: 'Actors' });
    expect(within(actors).getByRole('button', { name: 'navigation', pressed: true })).toBeTruthy();
    expect(state()).toBe('{"sidebar":"closed","searchBar":"closed"}');
    expect(accepted()).toEqual(['navigation.select', 'searchBar.toggle', 'sidebar.toggle']);
    expect(await screen.findByRole('img', { name: 'Statechart navigation, active: sidebar, closed, searchBar, closed' })).toBeTruthy();

    await act(async () => actor.send({ type: 'sidebar.toggle' }));
    expect(state()).toBe('{"sidebar":"open","searchBar":"closed"}');
    expect(accepted()).toEqual(['navigation.select', 'searchBar.toggle', 'sidebar.close', 'sidebar.toggle']);
    expect(screen.getByRole('img', { name: 'Statechart navigation, active: sidebar, open, searchBar, closed' })).toBeTruthy();

    // An actor created but never started (a render React threw away) is not listed.
    const idle = createActor(toastMachine, { input: toastInput(4000), inspect: journal.inspect });
    await act(async () => actor.send({ type: 'sidebar.toggle' }));
    await act(async () => actor.send({ type: 'sidebar.toggle' }));
    expect(
      within(actors)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['navigation']);
    expect(idle.getSnapshot().status).toBe('active');

    // A second system appears; a stopped one drops out.
    const toast = createActor(toastMachine, { input: toastInput(4000), inspect: journal.inspect });
    await act(async () => void toast.start());
    expect(within(actors).getByRole('button', { name: 'toast' })).toBeTruthy();
    fireEvent.click(within(actors).getByRole('button', { name: 'toast' }));
    expect(screen.getByRole('heading', { level: 3, name: /^toast / })).toBeTruthy();
    await act(async () => void toast.stop());
    await act(async () => actor.send({ type: 'sidebar.toggle' }));
    expect(within(actors).queryByRole('button', { name: 'toast' })).toBeNull();
  });

  it('shows the context redacted as the journal redacts it', async () => {
    const journal = createJournal();
    const registry = createActorRegistry(journal);
    registry.start();
    const form = setup({ types: { context: {} as { username: string; password: string; avatar: string } } }).createMachine({
      id: 'form',
      context: { username: '', password: '', avatar: '' },
      on: { typed: { actions: assign({ username: 'ada', password: 'hunter22', avatar: 'data:image/png;base64,AAAA' }) } },
    });
    const actor = createActor(form, { inspect: journal.inspect }).start();
    render(<Explorer journal={journal} registry={registry} />);
    await act(async () => actor.send({ type: 'typed' }));
    const context = screen.getByLabelText('Context').textContent ?? '';
    expect(JSON.parse(context)).toEqual({ username: 'ada', password: '[redacted]', avatar: '[data URL, 26 chars]' });
    expect(context).not.toMatch(/hunter22|base64/);
  });

  it('sends an accepted event with a JSON payload; bad JSON is refused with a message and sends nothing', async () => {
    const { journal, registry, actor } = running();
    await act(async () => actor.send({ type: 'sidebar.toggle' }));
    render(<Explorer journal={journal} registry={registry} />);
    const form = screen.getByRole('form', { name: 'Send an event' });
    const event = within(form).getByRole('combobox', { name: 'Event' });
    const options = within(event)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['navigation.select', 'searchBar.toggle', 'sidebar.close', 'sidebar.toggle']);
    expect(options).not.toContain('searchBar.close'); // the search bar is closed: not accepted now

    const payload = within(form).getByRole('textbox', { name: 'Payload (JSON object)' });
    fireEvent.change(event, { target: { value: 'navigation.select' } });
    fireEvent.change(payload, { target: { value: '{"section": chat}' } });
    const before = journal.entries().length;
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/^The payload is not valid JSON .*nothing was sent\.$/);
    fireEvent.change(payload, { target: { value: '["chat"]' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/must be a JSON object/);
    expect(journal.entries().length).toBe(before);

    fireEvent.change(payload, { target: { value: '{"section": "chat"}' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send' })));
    const sent = journal.entries().find((e) => e.type === 'navigation.select');
    expect(sent?.event).toEqual({ type: 'navigation.select', section: 'chat' });
    // isChat closes the sidebar.
    expect(state()).toBe('{"sidebar":"closed","searchBar":"closed"}');
    expect(within(screen.getByRole('form', { name: 'Send an event' })).getByRole('status').textContent).toBe('Sent navigation.select.');
  });

  it('time travels: an earlier event shows the state just after it; steps forward and back', async () => {
    const { journal, registry, actor } = running();
    actor.send({ type: 'sidebar.toggle' }); // #2: sidebar open
    actor.send({ type: 'searchBar.toggle' }); // #3: search bar open
    actor.send({ type: 'sidebar.close' }); // #4: sidebar closed
    render(<Explorer journal={journal} registry={registry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Time travel' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/time travel: this journal/);
    expect(state()).toBe('{"sidebar":"closed","searchBar":"open"}');
    expect(screen.queryByRole('form', { name: 'Send an event' })).toBeNull(); // the past is not sent to

    const events = screen.getByRole('list', { name: 'Journal events' });
    fireEvent.click(within(events).getByRole('button', { name: /#2 navigation sidebar\.toggle/ }));
    expect(state()).toBe('{"sidebar":"open","searchBar":"closed"}');
    expect(accepted()).toContain('sidebar.close');
    expect(screen.getByText('After event 2 of 4 (#2)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(state()).toBe('{"sidebar":"open","searchBar":"open"}');
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(state()).toBe('{"sidebar":"closed","searchBar":"closed"}');
    expect(screen.getByText('After event 1 of 4 (#1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /#1 navigation xstate\.init/, current: 'step' })).toBeTruthy();

    // The live actor was not touched.
    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(state()).toBe('{"sidebar":"closed","searchBar":"open"}');
  });

  it('loads a dropped journal file and replays it from the start', async () => {
    const { journal, actor } = running();
    actor.send({ type: 'searchBar.toggle' });
    const file = new File([JSON.stringify(journal.export())], 'bug.json', { type: 'application/json' });
    const registry = createActorRegistry(createJournal());
    render(<Explorer journal={createJournal()} registry={registry} />);
    expect(screen.getByText('No running actor seen yet.')).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Statechart explorer' });
    await act(async () => {
      fireEvent.drop(panel, { dataTransfer: { files: [file] } });
    });
    expect(await screen.findByText(/time travel: bug\.json/)).toBeTruthy();
    expect(screen.getByText('Before the first of 2 events')).toBeTruthy();
    expect(screen.getByText('No actor yet at this step.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    // No navigation actor runs here: in development the explorer replays it with the machine
    // from src/machines/index.ts, imported on demand.
    expect((await screen.findByTestId('explorer-state', {}, { timeout: 20_000 })).textContent).toBe(
      '{"sidebar":"closed","searchBar":"closed"}',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(state()).toBe('{"sidebar":"closed","searchBar":"open"}');

    const bad = new File(['{"format":"other"}'], 'notes.json');
    await act(async () => {
      fireEvent.drop(panel, { dataTransfer: { files: [bad] } });
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/notes\.json: Not a Stoa event journal/);
  });

  it('says whether a loaded report replays through its recorded states, and where it first parts', async () => {
    const { journal, registry, actor } = running();
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'searchBar.toggle' });
    const report = {
      ...journal.export(),
      environment: {
        appVersion: '0.1.0',
        route: '/app/social/streams',
        screen: { width: 375, height: 740, pixelRatio: 2 },
        userAgent: 'test',
        reportedAt: '2026-11-27T10:00:00.000Z',
      },
    };
    const drop = async (data: unknown, name: string) => {
      const panel = screen.getByRole('region', { name: 'Statechart explorer' });
      await act(async () => {
        fireEvent.drop(panel, { dataTransfer: { files: [new File([JSON.stringify(data)], name, { type: 'application/json' })] } });
      });
      await screen.findByText(new RegExp(`time travel: ${name.replace('.', '\\.')}`));
    };
    render(<Explorer journal={journal} registry={registry} />);

    await drop(report, 'fine.json');
    expect((await screen.findByText(/The replay goes through every recorded state/)).textContent).toContain('1 system compared');
    expect(screen.getByText(/Reported 2026-11-27T10:00:00.000Z on \/app\/social\/streams, 375x740, version 0\.1\.0/)).toBeTruthy();

    // The same report with one recorded state changed: the replay parts there, and "Step there" goes to it.
    const toggled = report.entries.find((e) => e.type === 'sidebar.toggle')!;
    const tampered = {
      ...report,
      entries: report.entries.map((e) =>
        e === toggled ? { ...e, state: { value: { sidebar: 'closed', searchBar: 'closed' }, status: 'active' } } : e,
      ),
    };
    await drop(tampered, 'tampered.json');
    const verdict = await screen.findByText(/The replay parts from the recording at #/);
    expect(verdict.textContent).toContain(
      `#${toggled.seq}: navigation after sidebar.toggle was {"sidebar":"closed","searchBar":"closed"} (active)`,
    );
    expect(verdict.textContent).toContain('reached {"sidebar":"open","searchBar":"closed"} (active)');
    fireEvent.click(within(verdict).getByRole('button', { name: 'Step there' }));
    const index = report.entries.indexOf(toggled);
    expect(screen.getByText(`After event ${index + 1} of ${report.entries.length} (#${toggled.seq})`)).toBeTruthy();
    expect(state()).toBe('{"sidebar":"open","searchBar":"closed"}');

    // A version-1 file has no states to compare: it says so and still steps.
    const { version: _v, ...rest } = journal.export();
    await drop({ ...rest, version: 1, entries: rest.entries.map(({ state: _s, ...e }) => e) }, 'old.json');
    expect(await screen.findByText(/No recorded states to compare/)).toBeTruthy();
  });
});

describe('Statechart explorer in the debug panel', () => {
  it('opens from the panel header (fetched on demand) and closes with Esc', async () => {
    const { journal } = running();
    render(<DebugPanel journal={journal} initiallyOpen journalUrl={undefined} />);
    expect(screen.queryByRole('region', { name: 'Statechart explorer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open statechart explorer' }));
    const explorer = await screen.findByRole('region', { name: 'Statechart explorer' });
    fireEvent.keyDown(within(explorer).getByRole('button', { name: 'Time travel' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Statechart explorer' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Event journal' })).toBeTruthy();
  });
});

describe('journalRequested', () => {
  it('reads ?journal=<url> in development only', () => {
    expect(journalRequested('?journal=/bug.json', true)).toBe('/bug.json');
    expect(journalRequested('?journal=/bug.json', false)).toBeUndefined();
    expect(journalRequested('?debug=1', true)).toBeUndefined();
  });
});

describe('createTimeTravel', () => {
  it('replays every recorded system, starting each root at its init and skipping what the machines redo', () => {
    const { journal, actor } = running();
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'navigation.select', section: 'chat' }); // raises sidebar.close
    const other = createActor(navigationMachine, { inspect: journal.inspect }).start();
    other.send({ type: 'searchBar.toggle' });
    const travel = createTimeTravel(journal.entries(), machinesByRoot([navigationMachine]));
    travel.goTo(99);
    expect(travel.entries.map((e, i) => `${e.type}:${travel.outcome(i)}`)).toEqual([
      'xstate.init:started',
      'sidebar.toggle:sent',
      'navigation.select:sent',
      'xstate.init:started',
      'searchBar.toggle:sent',
    ]);
    expect(travel.actors().map((a) => [a.address, a.ref.getSnapshot().value])).toEqual([
      ['navigation', { sidebar: 'closed', searchBar: 'closed' }],
      ['navigation', { sidebar: 'closed', searchBar: 'open' }],
    ]);
    travel.goTo(1);
    expect(travel.actors().map((a) => a.ref.getSnapshot().value)).toEqual([{ sidebar: 'open', searchBar: 'closed' }]);
    travel.stop();
  });
});
