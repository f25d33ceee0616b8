import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import type { Post } from '../../src/api/posts';
import { streamsLogic } from '../../src/effects/streams';
import { createBus } from '../../src/effects/socket';
import StreamsPage from '../../src/views/pages/member/StreamsPage';
import { ComposerProvider } from '../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../src/views/streams/StreamsLogic';
import { alice, auth } from '../fixtures/auth';
import { post } from '../fixtures/streams';
import { startTestApp, withApp } from './appHarness';

function renderStreams(posts: Post[]) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  // Whichever order the streams open in ("For you" or "Latest"), the same page.
  const all = vi.fn(async () => ({ posts, totalPosts: posts.length, nextCursor: null }));
  const forYou = vi.fn(async () => ({ posts, nextCursor: null }));
  const api = { posts: { all, forYou } } as unknown as ApiClient;
  const { ui } = withApp(
    app,
    '/streams',
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus: createBus() })}>
      <ComposerProvider value={{ openComposer: vi.fn() }}>
        <StreamsPage />
      </ComposerProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
}

const card = async (postId: string) => {
  await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
  return screen.getAllByRole('article').find((article) => article.getAttribute('data-post-id') === postId)!;
};
const chipsOf = (article: HTMLElement) => within(article).queryByRole('list', { name: 'Topics' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('topics on a post card', () => {
  it('shows the topics as labels under the text, three at most and the rest counted; none when the post has none', async () => {
    renderStreams([
      post({ _id: 'p1', post: 'Stars #physics', topics: ['music', 'science'], chosenTopics: ['music'] }),
      post({ _id: 'p2', post: 'Everything', topics: ['science', 'diy', 'art', 'books', 'travel'] }),
      post({ _id: 'p3', post: 'Nothing in particular', topics: [] }),
      post({ _id: 'p4', post: 'From an older server' }),
    ]);
    const one = chipsOf(await card('p1'))!;
    expect(within(one).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Music', 'Science']);
    // Under the text: the text comes before the chips in the card.
    const text = within(await card('p1')).getByText(/Stars/);
    expect(text.compareDocumentPosition(one) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const many = chipsOf(await card('p2'))!;
    const items = within(many).getAllByRole('listitem');
    expect(items.slice(0, 3).map((item) => item.textContent)).toEqual(['Science', 'DIY', 'Art']);
    expect(items).toHaveLength(4);
    expect(items[3]!.getAttribute('title')).toBe('Books, Travel');
    expect(within(items[3]!).getByText('+2').getAttribute('aria-hidden')).toBe('true');
    within(items[3]!).getByText('and Books, Travel');

    expect(chipsOf(await card('p3'))).toBeNull();
    expect(chipsOf(await card('p4'))).toBeNull();
  });
});
