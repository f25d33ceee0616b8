import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../src/api/posts';
import { post } from '../../fixtures/streams';
import { renderStreamsPage } from './streamsPage';

const renderStreams = (posts: Post[]) => renderStreamsPage(posts);

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
    expect(
      within(one)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Music', 'Science']);
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

    // Each chip opens its topic's page (its posts, not a search for the word).
    expect(within(one).getByRole('link', { name: 'Science' }).getAttribute('href')).toBe('/app/social/topic/science');
    expect(within(many).getByRole('link', { name: 'DIY' }).getAttribute('href')).toBe('/app/social/topic/diy');

    expect(chipsOf(await card('p3'))).toBeNull();
    expect(chipsOf(await card('p4'))).toBeNull();
  });
});
