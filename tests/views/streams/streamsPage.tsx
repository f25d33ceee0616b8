import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { Post } from '../../../src/api/posts';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import StreamsPage from '../../../src/views/streams/pages/StreamsPage';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { startTestApp, withApp } from '../appHarness';

/**
 * The streams page of a signed-in alice showing `posts`, whichever order it opens in ("For you"
 * while personalization is allowed, or "Latest"), with `more` of the API the test needs.
 */
export function renderStreamsPage(posts: Post[], more: Record<string, unknown> = {}) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const all = vi.fn(async () => ({ posts, totalPosts: posts.length, nextCursor: null }));
  const forYou = vi.fn(async () => ({ posts, nextCursor: null }));
  const api = { posts: { all, forYou }, ...more } as unknown as ApiClient;
  const { ui, location } = withApp(
    app,
    '/streams',
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus: createBus() })}>
      <ComposerProvider value={{ openComposer: vi.fn() }}>
        <StreamsPage />
      </ComposerProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
  return { location };
}
