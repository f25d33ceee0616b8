import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_COLORS } from '../../../src/api/constants';
import { Toasts } from '../../../src/views/shell/Toasts';
import { startTestApp, withApp } from '../appHarness';

const LONG = 'Your profile picture could not be uploaded because the file is larger than the limit we allow.';

function setup() {
  const { app } = startTestApp();
  const { ui } = withApp(app, '/', <Toasts />);
  render(ui);
  const toasts = app.system.get('toasts')!;
  const show = (toast: { description: string; type: 'success' | 'error' | 'info' | 'warning'; timeoutMs?: number }) =>
    act(() => toasts.send({ type: 'toasts.show', toast }));
  const region = () => screen.getByRole('region', { name: 'Notifications' });
  return { app, show, region };
}

describe('Toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('renders a toast in its type colour as a live status and removes it after 3000 ms', async () => {
    const { show } = setup();
    show({ description: 'Profile saved', type: 'success' });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toBe('Profile saved');
    expect(toast.closest('li')!.style.backgroundColor).toBe('rgb(21, 128, 61)'); // TOAST_COLORS.success
    expect(TOAST_COLORS.success).toBe('#15803d');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByText('Profile saved')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Profile saved')).toBeNull();
  });

  it('stacks toasts and takes them away one at a time, errors as alerts', async () => {
    const { show, region } = setup();
    show({ description: 'Saved', type: 'success' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    show({ description: 'Failed to create group', type: 'error' });
    show({ description: 'Saved', type: 'success' }); // already on screen: not shown twice
    const items = within(region()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Saved', 'Failed to create group']);
    expect(within(region()).getByRole('alert').textContent).toContain('Failed to create group');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(
      within(region())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Failed to create group']);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(within(region()).queryAllByRole('listitem')).toEqual([]);
  });

  it('uses the smaller font for text over 73 characters', () => {
    const { show } = setup();
    show({ description: 'Short and sweet', type: 'info' });
    show({ description: LONG, type: 'warning' });
    expect(LONG.length).toBeGreaterThan(73);
    expect(screen.getByText('Short and sweet').className).toContain('text-sm');
    expect(screen.getByText(LONG).className).toContain('text-xs');
  });

  it('dismisses on the button and pauses while hovered', async () => {
    const { show, region } = setup();
    show({ description: 'First', type: 'info' });
    show({ description: 'Second', type: 'info' });
    const list = within(region()).getByRole('list');
    fireEvent.mouseEnter(list);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(within(region()).getAllByRole('listitem')).toHaveLength(2);
    const [first] = within(region()).getAllByRole('button', { name: 'Dismiss notification' });
    fireEvent.click(first);
    expect(
      within(region())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Second']);
    fireEvent.mouseLeave(list);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(within(region()).queryAllByRole('listitem')).toEqual([]);
  });

  it('records every toast in the notifications list', () => {
    const { app, show } = setup();
    show({ description: 'Saved', type: 'success' });
    show({ description: 'Oops', type: 'error' });
    const notifications = app.system.get('notifications')!.getSnapshot().context.notifications;
    expect(notifications.map((n: { description: string; backgroundColor: string }) => [n.description, n.backgroundColor])).toEqual([
      ['Oops', TOAST_COLORS.error],
      ['Saved', TOAST_COLORS.success],
    ]);
  });
});
