import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE, pageName } from '../../../src/views/shell/pageTitles';

const views = join(import.meta.dirname, '..', '..', '..', 'src', 'views');

/** The route patterns a routes file declares (`<Route path="...">`), under the prefix it is nested in. */
function routesOf(file: string, prefix: string): string[] {
  const source = readFileSync(join(views, file), 'utf8');
  return [...source.matchAll(/<Route path="([^"]+)"(\s+nest)?/g)]
    .filter((m) => !m[2])
    .map((m) => `${prefix}${m[1] === '/' && prefix ? '' : m[1]}` || '/');
}

describe('the tab title table', () => {
  const routes = [...routesOf('AppRoutes.tsx', ''), ...routesOf('MemberArea.tsx', '/app/social'), ...routesOf('AdminArea.tsx', '/admin')];

  it('reads every route of the app', () => {
    expect(routes.length).toBeGreaterThan(35);
  });

  it.each(routes)('names %s (no route is titled as the 404 page)', (route) => {
    const path = route.replace(/:[^/]+/g, 'x1');
    expect(pageName(path)).not.toBe(NOT_FOUND_TITLE);
  });
});
