import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import type { AnyActorRef } from 'xstate';
import { FEELINGS } from '../../../src/api/posts/choices';
import type { Post } from '../../../src/api/posts';
import { composerAreaLogic } from '../../../src/effects/composer/area';
import { selectModalState, type ComposerContext, type PublishRequest } from '../../../src/machines/composer/composer.machine';
import { ComposerLogicProvider } from '../../../src/views/composer/ComposerLogic';
import { ComposerProvider, useComposerControls } from '../../../src/views/composer/ComposerProvider';
import {
  emptyRefused,
  groupPendingPublished,
  IMAGE_DATA_URL,
  imagePost,
  notYours,
  published,
  question,
  textPost,
  topicPost,
} from '../../machines/composer/composerFixtures';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

/** A new post carries the client id the composer made on submit (a UUID; docs/api.md, Idempotent sends). */
const CLIENT_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** A page under the provider: the buttons a feed would have. */
function Page({ post }: { post: Post }) {
  const { openComposer, openDeleteDialog } = useComposerControls();
  return (
    <div>
      <button type="button" onClick={() => openComposer({ type: 'createpost' })}>
        New post
      </button>
      <button type="button" onClick={() => openComposer({ type: 'createquestion' })}>
        New question
      </button>
      <button type="button" onClick={() => openComposer({ type: 'createpost', group: { id: 'g1', name: 'Harbour walkers' } })}>
        New group post
      </button>
      <button type="button" onClick={() => openComposer({ type: 'editpost', post })}>
        Edit it
      </button>
      <button type="button" onClick={() => openDeleteDialog?.(post)}>
        Delete it
      </button>
    </div>
  );
}

function setup(post: Post = textPost) {
  const { app } = startTestApp();
  const h = viewHarness(['publish', 'deletePost', 'readMedia']);
  const onPublished = vi.fn();
  const onDeleted = vi.fn();
  const logic = composerAreaLogic(app, { actors: h.actors as never });
  const { ui } = withApp(
    app,
    '/',
    <ComposerLogicProvider logic={logic}>
      <ComposerProvider onPublished={onPublished} onDeleted={onDeleted}>
        <Page post={post} />
      </ComposerProvider>
    </ComposerLogicProvider>,
  );
  render(ui);
  const user = userEvent.setup({ delay: null });
  const composer = () => h.actor();
  const context = () => composer().getSnapshot().context as ComposerContext;
  const toasts = () =>
    (
      app.system.get('toasts')!.getSnapshot() as { context: { toasts: { notification: { description: string; type: string } }[] } }
    ).context.toasts.map((toast) => toast.notification);
  const pendingInput = (id: string) =>
    (composer().getSnapshot().children as Record<string, AnyActorRef>)[id]?.getSnapshot().input as unknown;
  return { app, h, user, onPublished, onDeleted, composer, context, toasts, pendingInput };
}

const dialog = () => screen.getByRole('dialog');

/** Presses a page button that opens the composer; its modal's chunk loads on the first open (React.lazy), then the dialog shows. */
async function openWith(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name }));
  // The first load transforms the modal's modules, which can take seconds in the test runner.
  await waitFor(() => expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).not.toBeNull(), { timeout: 10_000 });
}
const textArea = () => screen.getByRole('textbox', { name: /What's on your mind\?|What's your question\?/ });

async function typeText(user: UserEvent, value: string) {
  await user.click(textArea());
  await user.keyboard(value);
}

describe('composer view', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => {
    restore = undefined;
  });
  afterEach(() => {
    cleanup();
    restore?.();
  });

  it('creates a post: text, feeling, privacy, background; submitting, failure keeps the draft, success closes and resets', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New post');
    expect(within(dialog()).getByRole('heading', { name: 'Create post' })).toBeTruthy();
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    screen.getByText('0 / 5000 characters');

    await typeText(t.user, 'Hello Stoa');
    screen.getByText('10 / 5000 characters');

    // Feeling panel, then back to the post with the feeling shown.
    await t.user.click(screen.getByRole('button', { name: 'Feeling' }));
    expect(selectModalState(t.composer().getSnapshot() as never).feelingsIsOpen).toBe(true);
    // The four feelings are Stoa's own images (no emoji font needed), the same in picker and chip.
    for (const feeling of FEELINGS) {
      expect(screen.getByRole('button', { name: feeling }).querySelector(`svg[data-feeling-image="${feeling}"]`)).not.toBeNull();
    }
    expect(dialog().textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    await t.user.click(screen.getByRole('button', { name: 'excited' }));
    expect(screen.getByText(/Feeling excited/).querySelector('svg[data-feeling-image="excited"]')).not.toBeNull();
    expect(t.context().draft.feelings).toBe('excited');

    // Privacy: a compact menu (icon + label) whose options carry the spec's descriptions.
    expect(screen.queryByRole('radio', { name: /Followers/ })).toBeNull();
    expect(screen.queryByText('anyone on the product')).toBeNull();
    await t.user.click(within(dialog()).getByRole('button', { name: /(?=.*Who can see this)(?=.*Public)/ }));
    const privacy = screen.getByRole('listbox');
    within(privacy).getByText('anyone on the product');
    within(privacy).getByText('your followers on the product');
    within(privacy).getByText('for you only');
    await t.user.click(within(privacy).getByRole('option', { name: /Followers/ }));
    expect(t.context().draft.privacy).toBe('Followers');
    expect(screen.queryByRole('listbox')).toBeNull();
    within(dialog()).getByRole('button', { name: /(?=.*Who can see this)(?=.*Followers)/ });

    // Backgrounds behind a toolbar button.
    expect(screen.queryByRole('radiogroup', { name: 'Background' })).toBeNull();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Background' }));
    await t.user.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(t.context().draft.bgColor).toBe('#2196f3');
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('radiogroup', { name: 'Background' })).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();

    await t.user.click(screen.getByRole('button', { name: 'Post' }));
    const submitting = screen.getByRole('button', { name: 'Posting...' });
    expect(submitting.hasAttribute('disabled') || submitting.getAttribute('data-disabled') !== null).toBe(true);
    expect(t.pendingInput('publish')).toEqual({
      kind: 'createPost',
      body: { post: 'Hello Stoa', privacy: 'Followers', feelings: 'excited', bgColor: '#2196f3', gifUrl: '', clientId: CLIENT_ID },
    } satisfies PublishRequest);

    await t.h.settle({ type: 'xstate.error.actor.publish', error: emptyRefused });
    expect(within(dialog()).getByRole('alert').textContent).toContain('Post must not be empty');
    expect((textArea() as HTMLTextAreaElement).value).toBe('Hello Stoa');
    expect(t.context().draft).toMatchObject({ post: 'Hello Stoa', privacy: 'Followers', feelings: 'excited', bgColor: '#2196f3' });
    expect(t.toasts().at(-1)).toMatchObject({ type: 'error', description: 'Post must not be empty' });
    expect(t.onPublished).not.toHaveBeenCalled();

    // The same draft again is the same send: Try again, with the client id of the first attempt.
    const firstId = (t.context().unsent as { clientId: string }).clientId;
    await t.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((t.pendingInput('publish') as { body: { clientId: string } }).body.clientId).toBe(firstId);
    await t.h.settle({ type: 'xstate.done.actor.publish', output: published });
    expect(t.onPublished).toHaveBeenCalledWith(published);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(t.toasts().at(-1)).toMatchObject({ type: 'success', description: 'Post published' });
    expect(selectModalState(t.composer().getSnapshot() as never)).toMatchObject({
      type: 'createquestion',
      isOpen: false,
      feeling: '',
      image: '',
      data: null,
      feelingsIsOpen: false,
      openFileDialog: false,
      openVideoDialog: false,
      gifModalIsOpen: false,
      deleteDialogIsOpen: false,
    });
    expect(t.context().draft.post).toBe('');
  });

  it('posts into a group: titled with the group, no privacy choice, and a member is told their post waits for a group admin', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New group post');
    within(dialog()).getByRole('heading', { name: 'Post in Harbour walkers' });
    expect(within(dialog()).queryByRole('button', { name: /Who can see/ })).toBeNull();
    expect(screen.queryByText('anyone on the product')).toBeNull();
    await typeText(t.user, 'Walk at dawn');
    await t.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(t.pendingInput('publish')).toEqual({
      kind: 'createGroupPost',
      groupId: 'g1',
      body: { post: 'Walk at dawn', feelings: '', bgColor: '#ffffff', gifUrl: '', clientId: CLIENT_ID },
    } satisfies PublishRequest);
    await t.h.settle({ type: 'xstate.done.actor.publish', output: groupPendingPublished });
    expect(t.onPublished).toHaveBeenCalledWith(groupPendingPublished);
    expect(t.toasts().at(-1)).toMatchObject({ type: 'success', description: 'Your post is waiting for a group admin' });
    // The next post is an ordinary one again.
    await openWith(t.user, 'New post');
    within(dialog()).getByRole('heading', { name: 'Create post' });
    within(dialog()).getByRole('button', { name: /Who can see this\?/ });
  });

  it('refuses an empty post on this side', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New post');
    await t.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(within(dialog()).getByRole('alert').textContent).toContain('Post must not be empty');
    expect(t.pendingInput('publish')).toBeUndefined();
  });

  it('attaches a gif: non-https refused, https previewed; the background goes', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New post');
    await t.user.click(screen.getByRole('button', { name: 'GIF' }));
    expect(selectModalState(t.composer().getSnapshot() as never).gifModalIsOpen).toBe(true);
    const field = screen.getByRole('textbox', { name: 'GIF URL' });
    await t.user.type(field, 'http://media.example/cat.gif');
    expect(screen.queryByRole('img', { name: 'GIF preview' })).toBeNull();
    await t.user.click(screen.getByRole('button', { name: 'Add GIF' }));
    screen.getByText('GIF URL must be an https URL');
    expect(t.context().draft.gifUrl).toBe('');

    await t.user.clear(field);
    await t.user.type(field, 'https://media.example/cat.gif');
    expect(screen.getByRole('img', { name: 'GIF preview' }).getAttribute('src')).toBe('https://media.example/cat.gif');
    await t.user.keyboard('{Enter}');
    expect(t.context().draft.gifUrl).toBe('https://media.example/cat.gif');
    expect(screen.getByRole('img', { name: 'GIF' }).getAttribute('src')).toBe('https://media.example/cat.gif');
    expect(screen.queryByRole('radiogroup', { name: 'Background' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Background' })).toBeNull();

    await t.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(t.pendingInput('publish')).toMatchObject({ kind: 'createPost', body: { post: '', gifUrl: 'https://media.example/cat.gif' } });
  });

  it('attaches an image from the file picker with alt text, and sends it as an image post', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New post');
    await t.user.click(screen.getByRole('button', { name: 'Image' }));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await t.user.upload(input, new File(['x'], 'cat.bmp', { type: 'image/bmp' }));
    // The picker filters by type; a file that gets through anyway is refused by the machine.
    await act(async () => {
      t.composer().send({ type: 'composer.image.choose', file: { name: 'cat.bmp', type: 'image/bmp', size: 10 } });
    });
    within(dialog()).getByText('Image must be a JPEG, PNG, GIF or WebP image');

    await t.user.upload(input, new File(['png'], 'cat.png', { type: 'image/png' }));
    screen.getByRole('status');
    expect(t.pendingInput('readMedia')).toMatchObject({ kind: 'image' });
    await t.h.settle({ type: 'xstate.done.actor.readMedia', output: IMAGE_DATA_URL });

    const preview = screen.getByRole('img', { name: 'Image preview (no description yet)' });
    expect(preview.getAttribute('src')).toBe(IMAGE_DATA_URL);
    screen.getByText(/Recommended: describe the image/);
    await t.user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A grey cat');
    expect(screen.getByRole('img', { name: 'A grey cat' })).toBeTruthy();
    expect(selectModalState(t.composer().getSnapshot() as never).image).toBe(IMAGE_DATA_URL);

    await t.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(t.pendingInput('publish')).toEqual({
      kind: 'createImagePost',
      body: { post: '', privacy: 'Public', feelings: '', image: IMAGE_DATA_URL, imageAlt: 'A grey cat', clientId: CLIENT_ID },
    });
  });

  it('asks a question: text and privacy only', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New question');
    within(dialog()).getByRole('heading', { name: 'Ask a question' });
    expect(screen.queryByRole('group', { name: 'Add to your post' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Background' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Background' })).toBeNull();
    await t.user.click(screen.getByRole('button', { name: 'Ask' }));
    within(dialog()).getByText('Question must not be empty');
    await typeText(t.user, 'How do plants drink?');
    await t.user.click(within(dialog()).getByRole('button', { name: /Who can see this\?/ }));
    await t.user.click(screen.getByRole('option', { name: /Private/ }));
    await t.user.click(screen.getByRole('button', { name: 'Ask' }));
    screen.getByRole('button', { name: 'Asking...' });
    expect(t.pendingInput('publish')).toEqual({
      kind: 'createQuestion',
      body: { post: 'How do plants drink?', privacy: 'Private', clientId: CLIENT_ID },
    });
    await t.h.settle({ type: 'xstate.done.actor.publish', output: { ...published, kind: 'question' } });
    expect(t.onPublished).toHaveBeenCalledTimes(1);
    expect(t.toasts().at(-1)).toMatchObject({ description: 'Question posted' });
  });

  it('edits a post: prefilled, PUT with only what the form holds, onPublished with the updated post', async () => {
    const t = setup(imagePost);
    restore = t.h.restore;
    await openWith(t.user, 'Edit it');
    within(dialog()).getByRole('heading', { name: 'Edit post' });
    expect((textArea() as HTMLTextAreaElement).value).toBe('My cat');
    expect((screen.getByRole('textbox', { name: 'Alt text' }) as HTMLInputElement).value).toBe('A grey cat asleep');
    expect(screen.getByRole('img', { name: 'A grey cat asleep' }).getAttribute('src')).toBe(imagePost.image);
    expect(selectModalState(t.composer().getSnapshot() as never)).toMatchObject({
      type: 'editpost',
      data: imagePost,
      image: imagePost.image,
    });

    await t.user.click(screen.getByRole('button', { name: 'Remove image' }));
    await t.user.click(screen.getByRole('button', { name: 'Save' }));
    screen.getByRole('button', { name: 'Saving...' });
    expect(t.pendingInput('publish')).toEqual({
      kind: 'updatePost',
      postId: imagePost._id,
      body: { post: 'My cat', privacy: 'Public', bgColor: '#ffffff', feelings: '', gifUrl: '', topics: [], removeImage: true },
    });
    const updated = { ...imagePost, image: '', editedAt: '2025-02-01T00:00:00.000Z' };
    await t.h.settle({ type: 'xstate.done.actor.publish', output: updated });
    expect(t.onPublished).toHaveBeenCalledWith(updated);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(t.context().type).toBe('createquestion');
  });

  it('marks topics from the toolbar: at most three (the others disabled), shown as removable chips, sent with the new post', async () => {
    const t = setup();
    restore = t.h.restore;
    await t.user.click(screen.getByRole('button', { name: 'New post' }));
    expect(screen.queryByRole('list', { name: 'Topics of this post' })).toBeNull();
    await typeText(t.user, 'Stars tonight');

    await t.user.click(within(dialog()).getByRole('button', { name: 'Topics' }));
    const picker = screen.getByRole('dialog', { name: 'Topics' });
    const chips = within(picker).getAllByRole('button');
    expect(chips).toHaveLength(22);
    within(picker).getByText('0/3');
    await t.user.click(within(picker).getByRole('button', { name: 'Science' }));
    await t.user.click(within(picker).getByRole('button', { name: 'Music' }));
    within(picker).getByText('2/3');
    expect(within(picker).getByRole('button', { name: 'Science' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(picker).getByRole('button', { name: 'Books' }).hasAttribute('disabled')).toBe(false);

    await t.user.click(within(picker).getByRole('button', { name: 'Books' }));
    within(picker).getByText('3/3');
    // Three marked: every other chip is disabled, the marked ones can still be unmarked.
    const disabled = within(picker)
      .getAllByRole('button')
      .filter((chip) => chip.hasAttribute('disabled'));
    expect(disabled).toHaveLength(19);
    expect(within(picker).getByRole('button', { name: 'DIY' }).hasAttribute('disabled')).toBe(true);
    expect(within(picker).getByRole('button', { name: 'Books' }).hasAttribute('disabled')).toBe(false);
    await t.user.click(within(picker).getByRole('button', { name: 'Art' }));
    expect(t.context().topics).toEqual(['science', 'music', 'books']);
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Topics' })).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The button's badge counts them, and says so.
    within(dialog()).getByRole('button', { name: 'Topics: 3 chosen' });

    // Under the text, each removable.
    const shown = screen.getByRole('list', { name: 'Topics of this post' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Science', 'Music', 'Books']);
    await t.user.click(within(shown).getByRole('button', { name: 'Remove topic Books' }));
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Science', 'Music']);
    within(dialog()).getByRole('button', { name: 'Topics: 2 chosen' });

    await t.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(t.pendingInput('publish')).toEqual({
      kind: 'createPost',
      body: {
        post: 'Stars tonight',
        privacy: 'Public',
        feelings: '',
        bgColor: '#ffffff',
        gifUrl: '',
        topics: ['science', 'music'],
        clientId: CLIENT_ID,
      },
    } satisfies PublishRequest);
  });

  it('edits a post starting from the topics its author chose (not those of its hashtags); unmarking the last one is sent', async () => {
    const t = setup(topicPost);
    restore = t.h.restore;
    await t.user.click(screen.getByRole('button', { name: 'Edit it' }));
    const shown = screen.getByRole('list', { name: 'Topics of this post' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Music']);
    await t.user.click(within(shown).getByRole('button', { name: 'Remove topic Music' }));
    expect(screen.queryByRole('list', { name: 'Topics of this post' })).toBeNull();
    await t.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(t.pendingInput('publish')).toMatchObject({ kind: 'updatePost', postId: topicPost._id, body: { topics: [] } });
  });

  it('offers no topics on a question', async () => {
    const t = setup();
    restore = t.h.restore;
    await t.user.click(screen.getByRole('button', { name: 'New question' }));
    expect(within(dialog()).queryByRole('button', { name: 'Topics' })).toBeNull();
  });

  it('edits a question with its own title and fields', async () => {
    const t = setup(question);
    restore = t.h.restore;
    await openWith(t.user, 'Edit it');
    within(dialog()).getByRole('heading', { name: 'Edit question' });
    expect((textArea() as HTMLTextAreaElement).value).toBe(question.post);
    expect(screen.queryByRole('group', { name: 'Add to your post' })).toBeNull();
  });

  it('closes with Escape and resets; Escape in a panel only goes back', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'New post');
    await typeText(t.user, 'Draft');
    await t.user.click(screen.getByRole('button', { name: 'Feeling' }));
    expect(document.activeElement?.textContent).toBe('How are you feeling?');
    await t.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(t.composer().getSnapshot().matches({ open: 'editing' })).toBe(true);
    await t.user.click(textArea());
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectModalState(t.composer().getSnapshot() as never)).toMatchObject({ isOpen: false, type: 'createquestion' });
    expect(t.context().draft.post).toBe('');
  });

  it('deletes a post after confirmation; a refusal shows the server message; Cancel keeps it', async () => {
    const t = setup();
    restore = t.h.restore;
    await openWith(t.user, 'Delete it');
    const alert = screen.getByRole('alertdialog');
    within(alert).getByRole('heading', { name: 'Delete post?' });
    expect(selectModalState(t.composer().getSnapshot() as never)).toMatchObject({
      deleteDialogIsOpen: true,
      deleteDialogType: 'post',
      data: textPost,
    });
    await t.user.click(within(alert).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(t.composer().getSnapshot().matches('closed')).toBe(true);

    await openWith(t.user, 'Delete it');
    await t.user.click(screen.getByRole('button', { name: 'Delete' }));
    screen.getByRole('button', { name: 'Deleting...' });
    expect(t.pendingInput('deletePost')).toEqual({ postId: textPost._id });
    await t.h.settle({ type: 'xstate.error.actor.deletePost', error: notYours });
    expect(within(screen.getByRole('alertdialog')).getByRole('alert').textContent).toContain('You can only delete your own posts');
    expect(t.toasts().at(-1)).toMatchObject({ type: 'error', description: 'You can only delete your own posts' });

    await t.user.click(screen.getByRole('button', { name: 'Delete' }));
    await t.h.settle({ type: 'xstate.done.actor.deletePost', output: { postId: textPost._id } });
    expect(t.onDeleted).toHaveBeenCalledWith(textPost._id);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(t.toasts().at(-1)).toMatchObject({ type: 'success', description: 'Post deleted' });
  });

  it('has no axe violations in the composer, a panel and the delete dialog (structure; contrast is checked in the browser)', async () => {
    const t = setup(imagePost);
    restore = t.h.restore;
    const audit = async () => {
      const result = await axe.run(document.body, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await openWith(t.user, 'New post');
    await audit();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Topics' }));
    await t.user.click(screen.getByRole('button', { name: 'Science' }));
    await audit();
    await t.user.keyboard('{Escape}');
    await audit();
    await t.user.click(screen.getByRole('button', { name: 'Feeling' }));
    await audit();
    await t.user.keyboard('{Escape}');
    await t.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await openWith(t.user, 'Edit it');
    await audit();
    await t.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await openWith(t.user, 'Delete it');
    await audit();
  });
});
