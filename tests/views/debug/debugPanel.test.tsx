import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createJournal } from '../../../src/effects/debug/journal';
import { parseJournal } from '../../../src/effects/debug/journalFile';
import { navigationMachine } from '../../../src/machines/shell/navigation.machine';
import { DebugPanel } from '../../../src/views/debug/DebugPanel';
import { DebugPanelOnDemand } from '../../../src/views/shell/DebugPanelOnDemand';
import { debugRequested } from '../../../src/effects/debug/debugShortcut';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DebugPanel', () => {
  it('opens with ?debug=1', () => {
    expect(debugRequested('?debug=1')).toBe(true);
    expect(debugRequested('?tab=1')).toBe(false);
  });

  it('toggles with Ctrl+Alt+J, lists events live and exports the journal as JSON', async () => {
    const journal = createJournal();
    render(<DebugPanel journal={journal} />);
    expect(screen.queryByRole('region', { name: 'Event journal' })).toBeNull();
    fireEvent.keyDown(window, { code: 'KeyJ', key: 'j', ctrlKey: true, altKey: true });
    const panel = screen.getByRole('region', { name: 'Event journal' });

    const actor = createActor(navigationMachine, { inspect: journal.inspect }).start();
    act(() => actor.send({ type: 'sidebar.toggle' }));
    expect(within(panel).getByText('sidebar.toggle')).toBeTruthy();

    let exported = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => (exported = text));
      return 'blob:journal';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(panel).getByRole('button', { name: 'Export journal as JSON' }));
    expect(click).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(exported).not.toBe(''));
    expect(parseJournal(exported).entries.map((e) => e.type)).toEqual(['xstate.init', 'sidebar.toggle']);

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear journal' }));
    expect(within(panel).getByText('No events yet.')).toBeTruthy();
    fireEvent.keyDown(window, { code: 'KeyJ', key: 'j', ctrlKey: true, altKey: true });
    expect(screen.queryByRole('region', { name: 'Event journal' })).toBeNull();
  });

  it('is fetched on demand: nothing until Ctrl+Alt+J, then the panel opens and toggles itself', async () => {
    render(<DebugPanelOnDemand />);
    expect(screen.queryByRole('region', { name: 'Event journal' })).toBeNull();
    fireEvent.keyDown(window, { code: 'KeyK', key: 'k', ctrlKey: true, altKey: true });
    expect(screen.queryByRole('region', { name: 'Event journal' })).toBeNull();
    fireEvent.keyDown(window, { code: 'KeyJ', key: 'j', ctrlKey: true, altKey: true });
    // The first import of the panel's modules is transformed on the spot: slow on a loaded machine.
    expect(await screen.findByRole('region', { name: 'Event journal' }, { timeout: 10_000 })).toBeTruthy();
    // The panel listens for the shortcut once its effects have run (a tick after it shows on a
    // loaded machine): the same keys then close it.
    await waitFor(() => {
      fireEvent.keyDown(window, { code: 'KeyJ', key: 'j', ctrlKey: true, altKey: true });
      expect(screen.queryByRole('region', { name: 'Event journal' })).toBeNull();
    });
  });
});
