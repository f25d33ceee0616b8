import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, DEFERRED_FAILED } from '../../../src/views/overlays/Deferred';
import { Toasts } from '../../../src/views/shell/Toasts';
import { startTestApp, withApp } from '../appHarness';

afterEach(cleanup);

/** An overlay whose code fails to arrive `failures` times (offline), then arrives. */
function flakyOverlay(failures: number) {
  const attempts = { count: 0 };
  const Overlay = deferred<{ label: string }>(async () => {
    attempts.count += 1;
    if (attempts.count <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return ({ label }) => <p>{label}</p>;
  });
  return { Overlay, attempts };
}

/** A page that draws the overlay and can be drawn again (as the member layout is, on every unread count). */
function Page({ Overlay }: { Overlay: ReturnType<typeof flakyOverlay>['Overlay'] }) {
  const [draws, setDraws] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setDraws((n) => n + 1)}>
        Draw again {draws}
      </button>
      <Overlay label="The overlay" />
      <Toasts />
    </>
  );
}

const flush = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

describe('an overlay whose code is fetched on first draw', () => {
  it('says once that it could not be opened, tries again on the next draws, and opens when the code arrives', async () => {
    const { app } = startTestApp();
    const { Overlay, attempts } = flakyOverlay(2);
    render(withApp(app, '/', <Page Overlay={Overlay} />).ui);
    await flush();
    expect(screen.getAllByText(DEFERRED_FAILED)).toHaveLength(1);
    expect(screen.queryByText('The overlay')).toBeNull();

    // Drawn again while still offline: tried again, not told twice.
    act(() => screen.getByRole('button', { name: /Draw again/ }).click());
    await flush();
    expect(attempts.count).toBe(2);
    expect(screen.getAllByText(DEFERRED_FAILED)).toHaveLength(1);

    // Back online: the next draw opens it.
    act(() => screen.getByRole('button', { name: /Draw again/ }).click());
    await flush();
    expect(attempts.count).toBe(3);
    expect(screen.getByText('The overlay')).toBeTruthy();
  });

  it('draws nothing and tells nobody where there is no app (a view drawn on its own)', async () => {
    const { Overlay } = flakyOverlay(1);
    render(<Overlay label="Alone" />);
    await flush();
    expect(screen.queryByText('Alone')).toBeNull();
  });
});
