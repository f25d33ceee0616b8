/**
 * Two members in two browser contexts against `npm start`: posts, images, reactions, comments,
 * saving, editing and deleting, each seen live by the other; privacy follows from follows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { app, browser, useAppAndBrowser } from './support/world';
import { auditAccessibility, screenshot } from './support/look';
import { signUpMember, type Member } from './support/members';

useAppAndBrowser();

const signUp = (username: string, width?: number) => signUpMember(browser, app, username, width);

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function compose(page: Page, text: string, privacy: 'Public' | 'Followers' | 'Private' = 'Public') {
  await page
    .getByRole('button', { name: /on your mind/i })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Post' });
  await form.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  // Privacy is a compact menu under the author's name: open it, pick the option.
  await form.getByRole('button', { name: /Who can see this/ }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${privacy}`) })
    .click();
  await expect.poll(() => form.getByRole('button', { name: /Who can see this/ }).innerText()).toBe(privacy);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect.poll(() => postCard(page, text).count()).toBe(1);
}

describe('two members see each other live', () => {
  let ada: Member;
  let ben: Member;

  beforeAll(async () => {
    ada = await signUp('ada');
    ben = await signUp('ben', 375);
  });

  it('a post, a reaction and a comment reach the other member without a reload', async () => {
    const text = 'Statecharts make every transition visible.';
    await compose(ada.page, text);
    // Live, or, if Ben's socket only connected after the post went out, caught up on connect as
    // "1 new post" (the feed fetches what it missed): a member presses the pill.
    const pill = ben.page.getByRole('button', { name: /^1 new post$/ });
    await expect.poll(async () => (await postCard(ben.page, text).count()) + (await pill.count()), { timeout: 15_000 }).toBeGreaterThan(0);
    if ((await postCard(ben.page, text).count()) === 0) await pill.click();
    await expect.poll(() => postCard(ben.page, text).count(), { timeout: 15_000 }).toBe(1);

    await postCard(ada.page, text).getByRole('button', { name: 'Like' }).click();
    await expect
      .poll(
        () =>
          postCard(ben.page, text)
            .getByRole('button', { name: /1 reaction/ })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);

    await postCard(ben.page, text)
      .getByRole('button', { name: /^Comments: / })
      .click();
    const comment = ben.page.getByRole('textbox', { name: 'Write a comment' });
    await comment.fill('And every bug a missing edge.');
    await ben.page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => ben.page.getByRole('list', { name: 'Comments' }).innerText()).toContain('And every bug a missing edge.');
    await expect.poll(() => postCard(ada.page, text).getByRole('button', { name: 'Comments: 1' }).count(), { timeout: 15_000 }).toBe(1);
    // Escape closes the comments modal, as a keyboard member expects.
    await ben.page.keyboard.press('Escape');
    await expect.poll(() => ben.page.getByRole('dialog').count()).toBe(0);

    await postCard(ben.page, text).getByRole('button', { name: 'Save post' }).click();
    await expect.poll(() => postCard(ben.page, text).getByRole('button', { name: 'Remove from saved' }).count()).toBe(1);
    await ben.page.goto('/app/social/save');
    await expect.poll(() => postCard(ben.page, text).count()).toBe(1);
    await screenshot(ben.page, 'saved-375-light');
    await ben.page.goto('/app/social/streams');
    await auditAccessibility(ada.page, 'streams with a post');
    await screenshot(ada.page, 'streams-post-1280-light');
  });

  it('an image post carries its alt text', async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#50b5ff' } })
      .png()
      .toBuffer();
    await ada.page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .click();
    const form = ada.page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill('A blue sky from the lab window.');
    await form.getByRole('button', { name: 'Image' }).click();
    const chooser = ada.page.waitForEvent('filechooser');
    await ada.page.getByRole('button', { name: 'Choose an image' }).click();
    await (await chooser).setFiles({ name: 'sky.png', mimeType: 'image/png', buffer: png });
    await ada.page.getByLabel('Alt text').fill('A plain blue rectangle');
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => ben.page.getByRole('img', { name: 'A plain blue rectangle' }).count(), { timeout: 15_000 }).toBe(1);
    const src = await ben.page.getByRole('img', { name: 'A plain blue rectangle' }).getAttribute('src');
    expect(src).toMatch(/^\/media\/image\/upload\/v\d+\//);
  });

  it('an edit and a delete reach the other member live', async () => {
    const text = 'A first draft of a thought.';
    await compose(ada.page, text);
    // Live, or, if Ben's socket only connected after the post went out, caught up on connect as
    // "1 new post" (the feed fetches what it missed): a member presses the pill.
    const pill = ben.page.getByRole('button', { name: /^1 new post$/ });
    await expect.poll(async () => (await postCard(ben.page, text).count()) + (await pill.count()), { timeout: 15_000 }).toBeGreaterThan(0);
    if ((await postCard(ben.page, text).count()) === 0) await pill.click();
    await expect.poll(() => postCard(ben.page, text).count(), { timeout: 15_000 }).toBe(1);
    await postCard(ada.page, text).getByRole('button', { name: 'Edit post' }).click();
    const form = ada.page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill('A second, better draft.');
    await form.getByRole('button', { name: /^(Save|Update|Post)/ }).click();
    await expect.poll(() => postCard(ben.page, 'A second, better draft.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => postCard(ben.page, 'A second, better draft.').innerText()).toMatch(/edited/i);

    await postCard(ada.page, 'A second, better draft.').getByRole('button', { name: 'Delete post' }).click();
    await ada.page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => postCard(ada.page, 'A second, better draft.').count()).toBe(0);
    await expect.poll(() => postCard(ben.page, 'A second, better draft.').count(), { timeout: 15_000 }).toBe(0);
  });

  it("a topic chip opens the topic's page: the posts of its hashtags, not a search for the word", async () => {
    const text = 'Entropy always wins #physics';
    await compose(ada.page, text);
    await compose(ada.page, 'Nothing but science words here');
    const pill = ben.page.getByRole('button', { name: /new posts?$/ });
    await expect.poll(async () => (await postCard(ben.page, text).count()) + (await pill.count()), { timeout: 15_000 }).toBeGreaterThan(0);
    if ((await postCard(ben.page, text).count()) === 0) await pill.click();
    await postCard(ben.page, text).getByRole('list', { name: 'Topics' }).getByRole('link', { name: 'Science' }).click();
    await expect.poll(() => new URL(ben.page.url()).pathname).toBe('/app/social/topic/science');
    await expect.poll(() => ben.page.getByRole('heading', { level: 1, name: 'Science' }).count()).toBe(1);
    await expect.poll(() => postCard(ben.page, text).count(), { timeout: 15_000 }).toBe(1);
    expect(await postCard(ben.page, 'Nothing but science words here').count()).toBe(0);
    await expect.poll(() => ben.page.title()).toBe('Science · Topic · Stoa');
    await auditAccessibility(ben.page, "a topic's page");
    await screenshot(ben.page, 'topic-375-light');
    await ada.page.goto('/app/social/topic/science');
    await expect.poll(() => postCard(ada.page, text).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(ada.page, 'topic-1280-light');
    for (const [member, name] of [
      [ada, 'topic-1280-dark'],
      [ben, 'topic-375-dark'],
    ] as const) {
      await member.page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await member.page.reload();
      await expect.poll(() => postCard(member.page, text).count(), { timeout: 15_000 }).toBe(1);
      await auditAccessibility(member.page, "a topic's page, dark");
      await screenshot(member.page, name);
      await member.page.evaluate(() => localStorage.setItem('theme', 'light'));
    }
    // Back where the member came from: the streams.
    await ben.page.getByRole('link', { name: 'Back' }).click();
    await expect.poll(() => new URL(ben.page.url()).pathname).toBe('/app/social/streams');
    await ada.page.goto('/app/social/streams');
  });

  it('Followers posts reach followers only, Private posts nobody else', async () => {
    await compose(ada.page, 'For my followers: reading group at six.', 'Followers');
    await compose(ada.page, 'Note to self: water the plants.', 'Private');
    await ben.page.reload();
    await expect.poll(() => postCard(ben.page, 'Statecharts make every transition visible.').count()).toBe(1);
    expect(await postCard(ben.page, 'For my followers').count()).toBe(0);
    expect(await postCard(ben.page, 'Note to self').count()).toBe(0);

    // Ben follows Ada from the menu on her post card: at once on every card of hers.
    await postCard(ben.page, 'Statecharts make every transition visible.').getByRole('button', { name: 'More options for ada' }).click();
    await ben.page.getByRole('menuitem', { name: 'Follow ada' }).click();
    await postCard(ben.page, 'A blue sky from the lab window.').getByRole('button', { name: 'More options for ada' }).click();
    await expect.poll(() => ben.page.getByRole('menuitem', { name: 'Unfollow ada' }).count(), { timeout: 15_000 }).toBe(1);
    await ben.page.keyboard.press('Escape');
    await ben.page.reload();
    await expect.poll(() => postCard(ben.page, 'For my followers').count()).toBe(1);
    expect(await postCard(ben.page, 'Note to self').count()).toBe(0);
    // Her own Private post stays in her stream.
    expect(await postCard(ada.page, 'Note to self').count()).toBe(1);
    // After a reload the server says so too.
    await postCard(ben.page, 'For my followers').getByRole('button', { name: 'More options for ada' }).click();
    await expect.poll(() => ben.page.getByRole('menuitem', { name: 'Unfollow ada' }).count()).toBe(1);
    await ben.page.keyboard.press('Escape');
  });

  it('a block: her posts leave his stream at once and for good, and she no longer sees his', async () => {
    await compose(ben.page, 'Ben here: who wants to pair on parsers?');
    await expect.poll(() => postCard(ada.page, 'Ben here').count(), { timeout: 15_000 }).toBe(1);

    await postCard(ben.page, 'Statecharts make every transition visible.').getByRole('button', { name: 'More options for ada' }).click();
    await ben.page.getByRole('menuitem', { name: 'Block ada' }).click();
    const dialog = ben.page.getByRole('alertdialog', { name: 'Block ada?' });
    await expect.poll(() => dialog.innerText()).toMatch(/will not see each other's posts/);
    await screenshot(ben.page, 'block-dialog-375-light');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    // Every post of hers is gone from his screen at once, his own stays.
    await expect.poll(() => postCard(ben.page, 'Statecharts make every transition visible.').count()).toBe(0);
    expect(await postCard(ben.page, 'A blue sky').count()).toBe(0);
    expect(await postCard(ben.page, 'For my followers').count()).toBe(0);
    expect(await postCard(ben.page, 'Ben here').count()).toBe(1);

    await ben.page.reload();
    await expect.poll(() => postCard(ben.page, 'Ben here').count()).toBe(1);
    expect(await postCard(ben.page, 'Statecharts make every transition visible.').count()).toBe(0);
    expect(await postCard(ben.page, 'A blue sky').count()).toBe(0);

    await ada.page.reload();
    await expect.poll(() => postCard(ada.page, 'Statecharts make every transition visible.').count()).toBe(1);
    expect(await postCard(ada.page, 'Ben here').count()).toBe(0);
  });

  it('a post id that names nothing, malformed or unknown, shows the not-found state once: no Try again, no red toast', async () => {
    for (const id of ['not-an-id', '01890000-0000-7000-8000-000000000000']) {
      await ada.page.goto(`/app/social/post/${id}`);
      await expect.poll(() => ada.page.getByRole('heading', { name: 'This post is gone' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await ada.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await ada.page.getByText('Invalid post id').count()).toBe(0);
      expect(await ada.page.getByText('Post not found').count()).toBe(0);
    }
  });
});
