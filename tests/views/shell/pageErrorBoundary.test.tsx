import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PageErrorBoundary } from '../../../src/views/shell/PageErrorBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page that throws what it is given while drawn: as React.lazy throws a chunk it could not fetch. */
function Failing({ error }: { error: Error }): never {
  throw error;
}

/** A page with state of its own: a remount would lose it. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Count {count}
    </button>
  );
}

function app(error: Error) {
  const location = memoryLocation({ path: '/counter' });
  render(
    <Router hook={location.hook}>
      <PageErrorBoundary>
        <Counter />
        <Switch>
          <Route path="/counter">The counter page</Route>
          <Route path="/other">Another page</Route>
          <Route path="/broken">{() => <Failing error={error} />}</Route>
        </Switch>
      </PageErrorBoundary>
    </Router>,
  );
  return (to: string) => act(() => location.navigate(to));
}

describe('PageErrorBoundary', () => {
  it('a route whose chunk could not be fetched says why and offers Reload instead of a blank tab; another page works again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const go = app(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/ChatPage-abc.js'));
    fireEvent.click(screen.getByRole('button', { name: 'Count 0' }));
    go('/broken');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown');
    expect(alert.textContent).toContain('your connection may have dropped, or Stoa was updated');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    go('/counter');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Count 0' })).toBeTruthy();
  });

  it('any other failure while drawing gets the plain message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const go = app(new Error('Cannot read properties of undefined'));
    go('/broken');
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong while drawing it');
  });

  it('while nothing fails, navigating keeps what the boundary holds as it is (a layout is not remounted)', () => {
    const go = app(new Error('unused'));
    fireEvent.click(screen.getByRole('button', { name: 'Count 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Count 1' }));
    go('/other');
    expect(screen.getByText('Another page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Count 2' })).toBeTruthy();
  });
});
