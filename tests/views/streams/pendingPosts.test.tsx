import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import type { User } from '../../../src/api/auth';
import type { Post } from '../../../src/api/posts';
import { alice, user } from '../../fixtures/auth';
import { post } from '../../fixtures/streams';
import { renderStreamsPage } from './streamsPage';

const listed = post({ _id: 'p1', post: 'Already on the server' });
const waiting: OutboxItem = {
  kind: 'post',
  clientId: 'c1',
  payload: { body: { post: 'Written on the train', privacy: 'Followers', bgColor: '#2196f3' }, image: null },
  order: 1,
  state: 'waiting',
  error: null,
};
const refusedItem: OutboxItem = {
  kind: 'post',
  clientId: 'c2',
  payload: { body: { post: 'Refused by the server', privacy: 'Public' }, image: null },
  order: 2,
  state: 'failed',
  error: 'Post must not exceed 5000 characters',
};

afterEach(cleanup);

/** The streams page of a signed-in member, its lists holding `posts`, once the first is shown; answers the app. */
async function showStreams(member: User, posts: Post[]) {
  const { app } = renderStreamsPage(posts, {}, { member });
  await screen.findByText(posts[0].post);
  return app;
}

describe('the streams show the outbox’s posts as pending cards', () => {
  it('on top, newest written first, waiting or refused with Try again and Delete', async () => {
    const app = await showStreams(alice, [listed]);
    const outbox = app.system.get('outbox')!;
    outbox.send({ type: 'outbox.changed', change: { put: waiting } });
    outbox.send({ type: 'outbox.changed', change: { put: refusedItem } });

    const pending = await screen.findByRole('list', { name: 'Not sent yet' });
    const cards = within(pending).getAllByRole('article');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Refused by the server'),
      expect.stringContaining('Written on the train'),
    ]);
    expect(cards[1].textContent).toContain('Waiting to send');
    expect(cards[1].textContent).toContain('Followers');
    expect(within(cards[1]).queryByRole('button')).toBeNull();
    expect(cards[0].textContent).toContain('Not sent: Post must not exceed 5000 characters');
    expect(within(cards[0]).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // Above the list's own posts.
    const order = [...document.querySelectorAll('article')].map((a) => a.textContent ?? '');
    expect(order.findIndex((t) => t.includes('Written on the train'))).toBeLessThan(
      order.findIndex((t) => t.includes('Already on the server')),
    );

    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Refused by the server')).toBeNull());
    expect(outbox.getSnapshot().context.items.map((i: OutboxItem) => i.clientId)).toEqual(['c1']);
  });

  it('shows the member’s pending post under the same author line as their posts in the list', async () => {
    const member = user({ profilePicture: '/media/alice.png' });
    const mine = post({
      _id: 'p2',
      userId: member._id,
      username: member.username,
      avatarColor: member.avatarColor,
      profilePicture: member.profilePicture,
      feelings: 'happy',
      post: 'Mine, on the server',
    });
    const app = await showStreams(member, [mine]);
    const happy: OutboxItem = { ...waiting, payload: { ...waiting.payload, body: { ...waiting.payload.body, feelings: 'happy' } } };
    app.system.get('outbox')!.send({ type: 'outbox.changed', change: { put: happy } });

    const pending = within(await screen.findByRole('list', { name: 'Not sent yet' })).getByRole('article', { name: 'alice' });
    const listedCard = screen.getByText('Mine, on the server').closest('article')!;
    expect(listedCard.getAttribute('aria-labelledby')).not.toBe(pending.getAttribute('aria-labelledby'));
    // The avatar and the name line (name, feeling) are drawn alike; only the line under them differs.
    const authorLine = (card: Element) => {
      const header = card.querySelector('header')!;
      return [header.firstElementChild!.outerHTML, header.querySelector('p')!.outerHTML.replace(/ id="[^"]*"/, '')];
    };
    expect(authorLine(pending)).toEqual(authorLine(listedCard));
    expect(authorLine(pending)[0]).toContain('src="/media/alice.png"');
    expect(pending.querySelector('header p')!.textContent).toMatch(/^alice\s*is feeling happy/);
  });
});

describe('an empty stream with a pending card', () => {
  it('shows the card without "No posts yet" beneath it; with the card gone the empty state is back', async () => {
    const { app } = renderStreamsPage([], {}, { member: alice });
    await screen.findByText('No posts yet');
    const outbox = app.system.get('outbox')!;
    outbox.send({ type: 'outbox.changed', change: { put: refusedItem } });

    await screen.findByText('Refused by the server');
    expect(screen.queryByText('No posts yet')).toBeNull();
    expect(screen.queryByText(/Share something/)).toBeNull();

    fireEvent.click(within(await screen.findByRole('list', { name: 'Not sent yet' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No posts yet');
  });
});
