import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { Post } from '../../../src/api/posts';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { serverEvents } from '../../../src/api/socket';
import TopicPage from '../../../src/views/streams/pages/TopicPage';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { pageName } from '../../../src/views/shell/pageTitles';
import { alice, auth } from '../../fixtures/auth';
import { post } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';

function renderTopic(name: string, posts: Post[]) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const topic = vi.fn(async () => ({ posts, totalPosts: posts.length, nextCursor: null }));
  const api = { posts: { topic } } as unknown as ApiClient;
  const bus = createBus();
  const { ui } = withApp(
    app,
    `/topic/${name}`,
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus })}>
      <ComposerProvider value={{ openComposer: vi.fn() }}>
        <TopicPage name={name} />
      </ComposerProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
  return { topic, bus };
}

const cards = () => screen.queryAllByRole('article').map((a) => a.getAttribute('data-post-id'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a topic's page", () => {
  it("shows the topic's label as its heading with Back, loads, then lists the topic's posts from the server", async () => {
    const { topic } = renderTopic('science', [
      post({ _id: 'p1', post: 'Entropy #physics', topics: ['science'] }),
      post({ _id: 'p2', post: 'Chosen', topics: ['art', 'science'] }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Science' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeTruthy();
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    expect(topic).toHaveBeenCalledWith('science', 1, undefined);
    expect(pageName('/app/social/topic/science')).toBe('Science · Topic');
  });

  it('says when the topic has no posts yet', async () => {
    renderTopic('diy', []);
    expect(screen.getByRole('heading', { level: 1, name: 'DIY' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No posts about DIY yet' })).toBeTruthy();
  });

  it('adds a new post live only when it carries the topic', async () => {
    const { bus } = renderTopic('music', [post({ _id: 'p1', post: 'Jazz #jazz', topics: ['music'] })]);
    await waitFor(() => expect(cards()).toEqual(['p1']));
    const later = (id: string, topics: Post['topics']) => post({ _id: id, post: id, topics, createdAt: '2099-01-01T00:00:00.000Z' });
    act(() => bus.publish({ event: serverEvents.postAdded, payload: { post: later('p9', ['science']) } }));
    act(() => bus.publish({ event: serverEvents.postAdded, payload: { post: later('p8', ['music']) } }));
    expect(cards()).toEqual(['p8', 'p1']);
  });

  it('says so when the name is no topic, without asking the server', async () => {
    const { topic } = renderTopic('astrology', []);
    expect(screen.getByRole('heading', { level: 1, name: 'Topic' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No such topic' })).toBeTruthy();
    expect(topic).not.toHaveBeenCalled();
  });
});
