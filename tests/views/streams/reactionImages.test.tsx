import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REACTION_TYPES, type ReactionType } from '../../../src/api/constants';
import { FEELINGS } from '../../../src/api/posts/choices';
import type { Post, Reaction } from '../../../src/api/posts';
import { REACTION_LOOK } from '../../../src/views/streams/reactions/ReactionImage';
import { post, zeroCounts } from '../../fixtures/streams';
import { renderStreamsPage } from './streamsPage';

/** Any emoji or pictograph: the reactions must not depend on a colour emoji font. */
const EMOJI = /\p{Extended_Pictographic}/u;

const reaction = (type: ReactionType, username: string): Reaction => ({
  _id: `r-${type}-${username}`,
  postId: 'p1',
  type,
  userId: `u-${username}`,
  username,
  avatarColor: '#1e88e5',
  profilePicture: '',
  createdAt: '2025-01-01T10:00:00.000Z',
});

function renderCard(shown: Post, reactions: Reaction[] = []) {
  renderStreamsPage([shown], {
    reactions: { react: vi.fn(), remove: vi.fn(), ofPost: vi.fn(async () => ({ reactions, count: reactions.length })) },
  });
  return waitFor(() => screen.getByRole('article'));
}

/** The drawn image of `type` inside `element`, and no emoji character anywhere in it. */
function expectImage(element: Element, type: ReactionType) {
  expect(element.querySelector(`svg[data-reaction-image="${type}"]`), `${type} image`).not.toBeNull();
  expect(element.textContent).not.toMatch(EMOJI);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('reaction images', () => {
  it.each(REACTION_TYPES)('%s: the action, the counts and the reactions modal draw its image', async (type) => {
    const card = await renderCard(
      post({ _id: 'p1', post: 'Harbour at dawn', reactions: { ...zeroCounts(), [type]: 1 }, userReaction: type }),
      [reaction(type, 'carol')],
    );
    const { label, ink, inkDark } = REACTION_LOOK[type];

    // The action: the chosen reaction's own image, and its colour on its name beside it.
    const action = within(card).getByRole('button', { name: `Your reaction: ${label}. Remove it` });
    expectImage(action, type);
    expect(action.style.getPropertyValue('--ink')).toBe(ink);
    expect(action.style.getPropertyValue('--ink-dark')).toBe(inkDark);
    expect(within(action).getByTestId('my-reaction').textContent).toBe(label);

    const counts = within(card).getByRole('button', { name: `1 reaction: 1 ${type}. Show who reacted` });
    expectImage(counts, type);
    expect(within(counts).getByTestId('reactions-total').textContent).toBe('1');

    fireEvent.click(counts);
    const modal = await screen.findByRole('dialog', { name: 'Reactions' });
    const tab = await within(modal).findByRole('tab', { name: new RegExp(`^${label}`) });
    expectImage(tab, type);
    const entry = within(modal).getByText('carol').closest('li')!;
    expectImage(entry, type);
    expect(entry.textContent).toContain(`reacted ${label}`);
  });

  it('the picker offers all six as images, the current one marked', async () => {
    const card = await renderCard(post({ _id: 'p1', reactions: { ...zeroCounts(), wow: 3 }, userReaction: 'wow' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Choose a reaction' }));
    const picker = await screen.findByRole('dialog', { name: 'Reactions' });
    for (const type of REACTION_TYPES) {
      const option = within(picker).getByRole('button', { name: REACTION_LOOK[type].label });
      expectImage(option, type);
      expect(option.getAttribute('aria-pressed')).toBe(String(type === 'wow'));
    }
  });

  it("the member's own reaction stands apart from the total: Wow on 2 Wow and 1 Love reads Wow, and the total 4", async () => {
    const counted = { ...zeroCounts(), wow: 3, love: 1 };
    renderStreamsPage([post({ _id: 'p1', reactions: { ...zeroCounts(), wow: 2, love: 1 } })], {
      reactions: { react: vi.fn(async () => ({ message: 'ok', postId: 'p1', reactions: counted, userReaction: 'wow' })), remove: vi.fn() },
    });
    const card = await waitFor(() => screen.getByRole('article'));
    fireEvent.click(within(card).getByRole('button', { name: 'Choose a reaction' }));
    const picker = await screen.findByRole('dialog', { name: 'Reactions' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Wow' }));
    const action = within(card).getByRole('button', { name: 'Your reaction: Wow. Remove it' });
    expect(action.getAttribute('aria-pressed')).toBe('true');
    // No count on the member's own reaction: "3" beside a Wow would read as three wows.
    expect(within(action).getByTestId('my-reaction').textContent).toBe('Wow');
    expect(action.textContent).not.toMatch(/\d/);
    const counts = within(card).getByRole('button', { name: '4 reactions: 3 wow, 1 love. Show who reacted' });
    expect(within(counts).getByTestId('reactions-total').textContent).toBe('4');
    expect([...counts.querySelectorAll('[data-reaction]')].map((e) => e.getAttribute('data-reaction'))).toEqual(['love', 'wow']);
    // Once the server agrees, the same.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Your reaction: Wow. Remove it' }).textContent).toBe('Wow'));
    expect(within(card).getByTestId('reactions-total').textContent).toBe('4');
  });

  it('before any reaction: a neutral Like with no count, no counts, and no empty row above the actions', async () => {
    const card = await renderCard(post({ _id: 'p1', post: 'Nobody reacted yet' }));
    const like = within(card).getByRole('button', { name: 'Like' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.querySelector('svg[data-reaction-image]')).toBeNull();
    expect(like.textContent).not.toMatch(EMOJI);
    expect(like.textContent).toBe('Like');
    expect(within(card).queryByTestId('reactions-total')).toBeNull();
    expect(within(card).queryByRole('button', { name: /reactions?:/ })).toBeNull();
    // The footer follows the post's text directly: the counts sit in it, with their actions.
    const footer = card.querySelector('footer')!;
    expect(footer.previousElementSibling!.textContent).toBe('Nobody reacted yet');
    expect(within(footer).getByRole('button', { name: 'Comments: 0' })).toBeTruthy();
  });
});

describe('feeling images', () => {
  it.each(FEELINGS)('%s: the card names the feeling and draws its image, with no emoji character', async (feeling) => {
    const card = await renderCard(post({ _id: 'p1', post: 'A good day', feelings: feeling }));
    const line = within(card).getByText(new RegExp(`is feeling ${feeling}`));
    expect(line.querySelector(`svg[data-feeling-image="${feeling}"]`), `${feeling} image`).not.toBeNull();
    expect(card.textContent).not.toMatch(EMOJI);
  });
});
