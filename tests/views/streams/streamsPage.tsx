import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { User } from '../../../src/api/auth';
import type { ApiClient } from '../../../src/api/client';
import type { Post } from '../../../src/api/posts';
import type { AppActorRef } from '../../../src/effects/shell/app';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import StreamsPage from '../../../src/views/streams/pages/StreamsPage';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { startTestApp, withApp } from '../appHarness';

/**
 * The streams page of a signed-in `member` (alice unless told) showing `posts`, whichever order it
 * opens in ("For you" while personalization is allowed, or "Latest"), with `more` of the API the
 * test needs; in `app` when the test starts its own (an outbox of its own, say).
 */
export function renderStreamsPage(
  posts: Post[],
  more: Record<string, unknown> = {},
  { member = alice, app = startTestApp().app }: { member?: User; app?: AppActorRef } = {},
) {
  app.system.get('session')!.send({ type: 'session.login', ...auth(member) });
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
  return { location, app };
}
