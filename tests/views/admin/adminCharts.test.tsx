import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostsChartPage, UsersChartPage } from '../../../src/views/admin/pages/ChartPages';
import { refused } from '../../fixtures/streams';
import { clearAnnouncer, renderAdmin } from './adminHarness';

const THIS = new Date().getUTCFullYear();
const months = (year: number, base: number) => ({
  year,
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: base + i })),
});
const YEARS = {
  years: [
    { year: THIS - 1, count: 1200 },
    { year: THIS, count: 66 },
  ],
};

let restore: (() => void) | undefined;
beforeEach(() => {
  // recharts' ResponsiveContainer watches its size; jsdom has no layout (nor ResizeObserver).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  clearAnnouncer();
  vi.unstubAllGlobals();
});

function show(element: React.ReactNode, path = '/admin/Posts') {
  const t = renderAdmin(path, element);
  restore = t.h.restore;
  return t;
}

/** The visually hidden table: what a screen reader reads instead of the chart. */
const table = () => screen.getByRole('table');
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('admin chart pages', () => {
  it('loads the years and this year’s months; the figures are in a table for screen readers', async () => {
    const t = show(<PostsChartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toBeTruthy();
    expect(screen.getByRole('status', { name: `Loading posts per month in ${THIS}` })).toBeTruthy();
    expect(t.input('fetchYears')).toEqual({ subject: 'posts' });
    expect(t.input('fetchMonths')).toEqual({ subject: 'posts', year: THIS });
    await t.h.settle({ type: 'xstate.done.actor.fetchYears', output: YEARS });
    await t.h.settle({ type: 'xstate.done.actor.fetchMonths', output: months(THIS, 0) });
    expect(table().className).toContain('sr-only');
    expect(within(table()).getByText(`Posts per month in ${THIS}`).tagName).toBe('CAPTION');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Posts']);
    expect(rows()).toEqual([
      'January0',
      'February1',
      'March2',
      'April3',
      'May4',
      'June5',
      'July6',
      'August7',
      'September8',
      'October9',
      'November10',
      'December11',
    ]);
    expect(screen.getByText(`66 posts in ${THIS}`)).toBeTruthy();
    expect(
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } }).then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);
  });

  it('switches to years and back with a keyboard-usable switch, and picks another year', async () => {
    const t = show(<PostsChartPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchYears', output: YEARS });
    await t.h.settle({ type: 'xstate.done.actor.fetchMonths', output: months(THIS, 0) });
    const switcher = screen.getByRole('radiogroup', { name: 'Show' });
    const byYear = within(switcher).getByRole('radio', { name: 'By year' });
    // Arrow keys move within the switch.
    within(switcher).getByRole('radio', { name: 'By month' }).focus();
    await t.user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(byYear);
    await t.user.keyboard(' ');
    expect(byYear.getAttribute('aria-checked')).toBe('true');
    expect(within(table()).getByText('Posts per year').tagName).toBe('CAPTION');
    expect(rows()).toEqual([`${THIS - 1}1,200`, `${THIS}66`]);
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();

    await t.user.click(within(switcher).getByRole('radio', { name: 'By month' }));
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([String(THIS), String(THIS - 1)]);
    await t.user.selectOptions(year, String(THIS - 1));
    expect(t.input('fetchMonths')).toEqual({ subject: 'posts', year: THIS - 1 });
    await t.h.settle({ type: 'xstate.done.actor.fetchMonths', output: months(THIS - 1, 100) });
    expect(within(table()).getByText(`Posts per month in ${THIS - 1}`)).toBeTruthy();
    expect(rows()[0]).toBe('January100');
    // Back to this year: read before, shown at once.
    await t.user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(THIS));
    expect(rows()[0]).toBe('January0');
    expect(t.input('fetchMonths')).toBeUndefined();
  });

  it("says why figures could not load, with the server's message, and tries again", async () => {
    const t = show(<UsersChartPage />, '/admin/Users');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-ups' })).toBeTruthy();
    expect(t.input('fetchYears')).toEqual({ subject: 'users' });
    await t.h.settle({ type: 'xstate.error.actor.fetchYears', error: refused('Too many requests', 429) });
    await t.h.settle({ type: 'xstate.error.actor.fetchMonths', error: refused('Too many requests', 429) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load sign-ups');
    expect(alert.textContent).toContain('Too many requests');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await t.h.settle({ type: 'xstate.done.actor.fetchMonths', output: months(THIS, 1) });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Sign-ups']);
    // The years failed too: they are tried again with the same press.
    await t.h.settle({ type: 'xstate.done.actor.fetchYears', output: { years: [] } });
    await t.user.click(within(screen.getByRole('radiogroup', { name: 'Show' })).getByRole('radio', { name: 'By year' }));
    expect(screen.getByText('No sign-ups yet.')).toBeTruthy();
  });
});

describe('the chart library stays on the chart pages', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });

  it('only ChartPages imports recharts, and the admin area loads it with import()', () => {
    const src = join(import.meta.dirname, '..', '..', '..', 'src');
    const importers = files(src).filter((file) => /from 'recharts'/.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => file.slice(src.length + 1))).toEqual(['views/admin/pages/ChartPages.tsx']);
    const area = readFileSync(join(src, 'views', 'AdminArea.tsx'), 'utf8');
    expect(area).toMatch(/lazy\(\(\) => import\('\.\/admin\/pages\/ChartPages'\)/);
    expect(area).not.toMatch(/^import .*ChartPages/m);
  });
});
