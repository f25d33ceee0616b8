import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { Profile } from '../../../src/api/users';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import { peopleLogic } from '../../../src/effects/people/people';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { Toasts } from '../../../src/views/shell/Toasts';
import { PeopleLogicProvider } from '../../../src/views/people/PeopleLogic';
import { coverColors } from '../../../src/views/people/profile/DefaultCover';
import ProfilePage from '../../../src/views/people/profile/ProfilePage';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { answerOf, ownProfile, profile } from '../../machines/people/profile/profileFixtures';
import { startTestApp, withApp } from '../appHarness';
import { REPORT_REASONS } from '../../../src/api/moderation/reports';

const PICTURE = '/media/image/upload/v1/0190a5f0-0000-7000-8000-0000000000aa';
const mine = ownProfile({ _id: 'u1', username: 'alice' });
const ben = profile({ _id: 'u2', username: 'ben' });

/** The API the profile page calls; each test overrides what it is about. */
function fakeApi(profiles: Record<string, Profile>) {
  const updated = (changes: Partial<Profile>) => async () => {
    profiles.u1 = { ...profiles.u1, ...changes };
    return { message: 'Saved', user: profiles.u1 };
  };
  const api = {
    users: {
      profile: vi.fn(async (id: string) => {
        if (!profiles[id]) throw refused('User not found', 404);
        return { user: profiles[id] };
      }),
      images: vi.fn(updated({ profilePicture: PICTURE })),
      socialLinks: vi.fn(async (links: Profile['social']) => updated({ social: links })()),
      hobbies: vi.fn(async (body: { hobbies: string[] }) => updated({ hobbies: body.hobbies })()),
      basicInfo: vi.fn(async (info: Profile['basicInfo']) => updated({ basicInfo: info })()),
      reportProfile: vi.fn(async () => ({ message: 'Report submitted', report: { _id: 'r1' } })),
      // The people search as the server answers it: names containing the term, those starting with it first.
      search: vi.fn(async (term: string) => {
        const people = Object.values(profiles).filter((p) => p.username.toLowerCase().includes(term.toLowerCase()));
        return {
          search: people.map((p) => ({ _id: p._id, username: p.username, avatarColor: p.avatarColor, profilePicture: p.profilePicture })),
        };
      }),
    },
    images: {
      upload: vi.fn(async () => ({ _id: '0190a5f0-0000-7000-8000-0000000000aa', url: PICTURE, message: 'Image uploaded successfully' })),
      ofUser: vi.fn(async () => ({ images: [] })),
    },
    follows: {
      // Two pages: carol, then dan.
      followers: vi.fn(async (_userId: string, cursor?: string) =>
        cursor
          ? { users: [{ _id: 'u4', username: 'dan', avatarColor: '#000000', avatarImage: '', profilePicture: '' }], nextCursor: null }
          : {
              users: [{ _id: 'u3', username: 'carol', avatarColor: '#000000', avatarImage: '', profilePicture: '' }],
              count: 2,
              nextCursor: '2025-01-01T10:00:00.000Z_u3',
            },
      ),
      following: vi.fn(async () => ({ users: [], count: 0, nextCursor: null })),
      follow: vi.fn(),
      unfollow: vi.fn(),
      block: vi.fn(async (userId: string) => ({ message: 'Blocked successfully', userId, blocked: true })),
      unblock: vi.fn(async (userId: string) => ({ message: 'Unblocked successfully', userId, blocked: false })),
    },
    questions: {
      userAnswers: vi.fn(async (_id: string, _f: string, _o: string, page: number) =>
        page === 1 ? { answers: [answerOf('a1'), answerOf('a2')], totalAnswers: 3 } : { answers: [answerOf('a3')], totalAnswers: 3 },
      ),
    },
    posts: { byUser: vi.fn(async () => ({ posts: [], totalPosts: 0, nextCursor: null })) },
  };
  return api as typeof api & ApiClient;
}

function renderProfile(path: string, api = fakeApi({ u1: mine, u2: ben })) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const bus = createBus();
  const published: unknown[] = [];
  bus.subscribe((message) => void published.push(message));
  const { ui } = withApp(
    app,
    path,
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus })}>
      <PeopleLogicProvider logic={peopleLogic(app, { api, bus })}>
        <ProfilePage username={path.split('/')[2].split('?')[0]} />
      </PeopleLogicProvider>
      <Toasts />
    </StreamsLogicProvider>,
  );
  render(ui);
  // Files are picked through react-aria's FileTrigger; user-event would drop a non-image on `accept`.
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const toasts = () =>
    (
      app.system.get('toasts')!.getSnapshot() as { context: { toasts: { notification: { description: string; type: string } }[] } }
    ).context.toasts.map((toast) => toast.notification);
  const sessionUser = () =>
    (app.system.get('session')!.getSnapshot() as { context: { profile: { profilePicture: string } } }).context.profile;
  return { api, app, user, toasts, sessionUser, published };
}

const waitingPost: OutboxItem = {
  kind: 'post',
  clientId: 'c1',
  payload: { body: { post: 'Written on the train', privacy: 'Public' }, image: null },
  order: 1,
  state: 'waiting',
  error: null,
};
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });
const pdf = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
/** FileTrigger's hidden input sits right after its button. */
const fileInputOf = (button: HTMLElement) => button.nextElementSibling as HTMLInputElement;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

/** The window's width as media queries see it (jsdom has no matchMedia). */
function stubWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: px >= min, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

// A desktop unless a test says otherwise.
beforeEach(() => stubWidth(1280));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('profile layout', () => {
  it("on a phone folds the owner's edit cards behind 'Edit profile', so the posts come first", async () => {
    stubWidth(375);
    const { user } = renderProfile('/profile/alice?id=u1');
    await screen.findByRole('heading', { name: 'alice', level: 1 });
    expect(screen.getByRole('tablist', { name: 'Profile sections' })).toBeTruthy();
    const edit = screen.getByRole('button', { name: 'Edit profile' });
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Edit basic info' })).toBeNull();
    await user.click(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Edit basic info', 'Edit social links', 'Edit hobbies']) expect(screen.getByRole('button', { name })).toBeTruthy();
    await user.click(edit);
    expect(screen.queryByRole('button', { name: 'Edit basic info' })).toBeNull();
  });

  it("shows a visitor on a phone the member's cards as they are, and the owner on a wide screen no fold", async () => {
    stubWidth(375);
    renderProfile('/profile/ben?id=u2', fakeApi({ u1: mine, u2: { ...ben, hobbies: ['Chess'] } }));
    await screen.findByRole('heading', { name: 'ben', level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Hobbies' })).toBeTruthy();
    cleanup();
    stubWidth(1280);
    renderProfile('/profile/alice?id=u1');
    await screen.findByRole('heading', { name: 'alice', level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit basic info' })).toBeTruthy();
  });

  it("draws a default cover from the member's colour until they choose one", async () => {
    const api = fakeApi({
      u1: mine,
      u2: { ...ben, avatarColor: '#1e88e5' },
      u3: profile({ _id: 'u3', username: 'cy', coverImage: '/media/image/upload/v1/cover' }),
    });
    renderProfile('/profile/ben?id=u2', api);
    await screen.findByRole('heading', { name: 'ben', level: 1 });
    const cover = screen.getByTestId('default-cover');
    expect(cover.getAttribute('aria-hidden')).toBe('true');
    const stops = [...cover.querySelectorAll('stop')].map((stop) => stop.getAttribute('stop-color'));
    expect(stops).toEqual([coverColors('#1e88e5').from, coverColors('#1e88e5').to]);
    expect(coverColors('#1e88e5').from).toBe('hsl(208 79% 51%)');
    // Dark and pale colours are brought to a middle lightness; a colour that is not one falls back.
    expect(coverColors('#123456').from).toBe('hsl(210 65% 35%)');
    expect(coverColors('#fafafa').from).toBe('hsl(0 35% 55%)');
    expect(coverColors('not a colour').from).toBe('hsl(350 70% 45%)');
    cleanup();
    renderProfile('/profile/cy?id=u3', api);
    await screen.findByRole('heading', { name: 'cy', level: 1 });
    expect(screen.getByRole('img', { name: "cy's cover image" })).toBeTruthy();
    expect(screen.queryByTestId('default-cover')).toBeNull();
  });
});

describe('profile page', () => {
  it("shows a visitor the member's tabs, links and hobbies, but none of the owner's tabs or edits", async () => {
    const api = fakeApi({
      u1: mine,
      u2: { ...ben, social: { ...ben.social, youtube: 'https://youtube.com/@ben' }, hobbies: ['Chess', 'Climbing'] },
    });
    renderProfile('/profile/ben?id=u2', api);
    expect(screen.getByLabelText('Loading profile')).toBeTruthy();
    await screen.findByRole('heading', { name: 'ben', level: 1 });
    expect(tabNames()).toEqual(['Timeline', 'Replied', 'Followers', 'Following', 'Gallery']);
    expect(screen.queryByRole('button', { name: 'Change profile picture' })).toBeNull();
    expect(screen.queryByRole('button', { name: /cover/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    const link = screen.getByRole('link', { name: /YouTube/ });
    expect(link.getAttribute('href')).toBe('https://youtube.com/@ben');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(
      within(screen.getByRole('list', { name: 'Hobbies' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chess', 'Climbing']);
    // Message opens the private chat with them, posts or not (the chat starts the conversation).
    expect(screen.getByRole('link', { name: 'Message ben' }).getAttribute('href')).toBe(
      '/app/social/chat/messages?username=ben&id=u2&isGroup=false',
    );
  });

  it('shows the owner every tab and their edit buttons', async () => {
    renderProfile('/profile/alice?id=u1');
    await screen.findByRole('heading', { name: 'alice', level: 1 });
    expect(tabNames()).toEqual(['Timeline', 'Replied', 'Followers', 'Following', 'Gallery', 'Change Password', 'Notifications']);
    for (const name of ['Change profile picture', 'Add cover', 'Edit basic info', 'Edit social links', 'Edit hobbies']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'More options for alice' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message alice' })).toBeNull();
  });

  it('gives the owner\'s empty timeline\'s "No posts yet" way to a post of theirs waiting to send', async () => {
    const { app } = renderProfile('/profile/alice?id=u1');
    await screen.findByText('alice has not posted anything you can see.');
    app.system.get('outbox')!.send({ type: 'outbox.changed', change: { put: waitingPost } });
    await screen.findByText('Written on the train');
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    expect(screen.queryByText('No posts yet')).toBeNull();
    expect(screen.queryByText('alice has not posted anything you can see.')).toBeNull();
  });

  it('previews a new picture and shows the server message, then "Error uploading image", as error toasts', async () => {
    const { api, user, toasts, sessionUser } = renderProfile('/profile/alice?id=u1');
    api.images.upload
      .mockRejectedValueOnce(refused('Image must be a JPEG, PNG, GIF or WebP image', 400))
      .mockRejectedValueOnce({ statusCode: 502 });
    await user.upload(fileInputOf(await screen.findByRole('button', { name: 'Change profile picture' })), png());
    const dialog = await screen.findByRole('dialog', { name: 'New profile picture' });
    expect((within(dialog).getByRole('img', { name: 'Preview of your profile picture' }) as HTMLImageElement).src).toMatch(
      /^data:image\/png;base64,/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ ...toasts()[0], type: 'error', description: 'Image must be a JPEG, PNG, GIF or WebP image' }]),
    );
    expect(api.images.upload).toHaveBeenCalledWith('profile', expect.stringMatching(/^data:image\/png;base64,/));
    expect(within(dialog).getByRole('alert').textContent).toContain('Image must be a JPEG, PNG, GIF or WebP image');
    // The preview stays for another try; this time the server sends no message.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts().map((t) => t.description)).toContain('Error uploading image'));
    expect(api.users.images).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.users.images).toHaveBeenCalledWith({ profilePicture: '0190a5f0-0000-7000-8000-0000000000aa' });
    // The banner and the session (the header, the composer) show the new picture.
    const banner = screen.getByRole('region', { name: 'Profile' });
    expect(banner.querySelector(`img[src="${PICTURE}"]`)).not.toBeNull();
    expect(sessionUser().profilePicture).toBe(PICTURE);
  });

  it('refuses a file that is not an image before anything is sent, and sets a cover', async () => {
    const { api, user } = renderProfile('/profile/alice?id=u1');
    await user.upload(fileInputOf(await screen.findByRole('button', { name: 'Add cover' })), pdf());
    const dialog = await screen.findByRole('dialog', { name: 'New cover image' });
    expect(within(dialog).getByRole('alert').textContent).toContain('Please choose an image file');
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.upload(fileInputOf(within(dialog).getByRole('button', { name: 'Choose another' })), png());
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.images.upload).not.toHaveBeenCalled();
  });

  it('edits basic info: the form opens with what is shown, Cancel drops the draft, Save sends what the fields hold', async () => {
    const { api, user } = renderProfile('/profile/alice?id=u1');
    await user.click(await screen.findByRole('button', { name: 'Edit basic info' }));
    let form = screen.getByRole('form', { name: 'Basic info' });
    await user.type(within(form).getByLabelText('Work'), 'Lab');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit basic info' }));
    form = screen.getByRole('form', { name: 'Basic info' });
    expect((within(form).getByLabelText('Work') as HTMLInputElement).value).toBe('');
    await user.type(within(form).getByLabelText('School'), 'Uni');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Uni')).toBeTruthy();
    expect(api.users.basicInfo).toHaveBeenCalledWith({ work: '', school: 'Uni', location: '', quote: '' });
  });

  it('edits social links with the contract messages, then shows them', async () => {
    const { api, user } = renderProfile('/profile/alice?id=u1');
    await user.click(await screen.findByRole('button', { name: 'Edit social links' }));
    const form = screen.getByRole('form', { name: 'Social links' });
    await user.type(within(form).getByLabelText('YouTube'), 'youtube.com/@alice');
    await user.click(within(form).getByRole('button', { name: 'Save links' }));
    expect(within(form).getByText('YouTube link must be an http(s) URL')).toBeTruthy();
    expect(api.users.socialLinks).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('YouTube'));
    await user.type(within(form).getByLabelText('YouTube'), 'https://youtube.com/@alice');
    await user.keyboard('{Enter}');
    const link = await screen.findByRole('link', { name: /YouTube/ });
    expect(link.getAttribute('href')).toBe('https://youtube.com/@alice');
    expect(api.users.socialLinks).toHaveBeenCalledWith({ facebook: '', instagram: '', twitter: '', youtube: 'https://youtube.com/@alice' });
  });

  it('edits hobbies: Enter adds, a repeat is not added twice, an empty one is refused, remove works', async () => {
    const { api, user } = renderProfile('/profile/alice?id=u1');
    await user.click(await screen.findByRole('button', { name: 'Edit hobbies' }));
    const form = screen.getByRole('form', { name: 'Hobbies' });
    const box = within(form).getByLabelText('Add a hobby');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('A hobby must not be empty')).toBeTruthy();
    await user.type(box, 'Chess{Enter}');
    await user.type(box, ' chess {Enter}');
    await user.type(box, 'Climbing{Enter}');
    expect(
      within(form)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chess', 'Climbing']);
    await user.click(within(form).getByRole('button', { name: 'Remove Chess' }));
    await user.click(within(form).getByRole('button', { name: 'Save hobbies' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Hobbies' })).toBeNull());
    expect(api.users.hobbies).toHaveBeenCalledWith({ hobbies: ['Climbing'] });
    expect(within(screen.getByRole('list', { name: 'Hobbies' })).getByText('Climbing')).toBeTruthy();
  });

  it("reports a member with the post's dialog and list: a reason is chosen, a refusal stays in the dialog, success closes it with a toast", async () => {
    const { api, user, toasts } = renderProfile('/profile/ben?id=u2');
    api.users.reportProfile.mockRejectedValueOnce(refused('You have already reported this member', 409));
    await user.click(await screen.findByRole('button', { name: 'More options for ben' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report ben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report ben' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason')).toBeTruthy();
    expect(api.users.reportProfile).not.toHaveBeenCalled();

    // The one list of reasons, as radio cards (the post's report offers the very same).
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Why are you reporting ben?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual([...REPORT_REASONS]);
    await user.click(within(reasons).getByRole('radio', { name: 'Pretending to be someone else' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Uses my photos');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('You have already reported this member'));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.users.reportProfile).toHaveBeenLastCalledWith({ userId: 'u2', reason: 'impersonation', details: 'Uses my photos' });
    expect(toasts().map((t) => t.description)).toContain('Thank you. Your report about ben was sent to the moderators.');
  });

  it('blocks after a confirmation, then unblocks and shows the profile again', async () => {
    const { api, user, published } = renderProfile('/profile/ben?id=u2');
    await user.click(await screen.findByRole('button', { name: 'More options for ben' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block ben' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block ben?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    await screen.findByRole('heading', { name: 'You blocked ben' });
    // While the block stands there is no way to message them.
    expect(screen.queryByRole('link', { name: 'Message ben' })).toBeNull();
    expect(api.follows.block).toHaveBeenCalledWith('u2');
    expect(published).toContainEqual({ event: 'blocked', userId: 'u2' });
    await user.click(screen.getByRole('button', { name: 'Unblock ben' }));
    await screen.findByRole('heading', { name: 'ben', level: 1 });
    expect(api.follows.unblock).toHaveBeenCalledWith('u2');
    expect(api.users.profile).toHaveBeenCalledTimes(2);
  });

  it('lists the replies and the followers page by page', async () => {
    const { api, user } = renderProfile('/profile/ben?id=u2');
    await user.click(await screen.findByRole('tab', { name: 'Replied' }));
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(within(replies).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(replies)
        .getByRole('link', { name: /Question a1\?/ })
        .getAttribute('href'),
    ).toBe('/question/q-a1');
    await user.click(screen.getByRole('button', { name: 'Load more replies' }));
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(3));
    expect(api.questions.userAnswers).toHaveBeenLastCalledWith('u2', 'all', 'newest', 2);
    expect(screen.getByText('That is every reply.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Followers' }));
    const followers = await screen.findByRole('list', { name: 'Followers' });
    expect(within(followers).getByRole('link', { name: 'carol' }).getAttribute('href')).toBe('/profile/carol?id=u3');
    await user.click(screen.getByRole('button', { name: 'Load more followers' }));
    await waitFor(() => expect(within(followers).getByRole('link', { name: 'dan' })).toBeTruthy());
    expect(api.follows.followers).toHaveBeenLastCalledWith('u2', '2025-01-01T10:00:00.000Z_u3');
    expect(screen.queryByRole('button', { name: 'Load more followers' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('Not following anyone yet')).toBeTruthy();
  });

  it('shows a failed load with the server message and tries again', async () => {
    const api = fakeApi({ u1: mine, u2: ben });
    api.users.profile.mockRejectedValueOnce(refused('Too many requests', 429));
    const { user } = renderProfile('/profile/ben?id=u2', api);
    const alert = (await screen.findByText('Could not load this profile')).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Too many requests');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'ben', level: 1 });
  });
});

describe('profile by name (an @mention links to /profile/<username>)', () => {
  it('finds the member by name, whatever the case typed, and shows their profile', async () => {
    const api = fakeApi({ u1: mine, u2: ben, u5: profile({ _id: 'u5', username: 'benjamin' }) });
    renderProfile('/profile/Ben', api);
    await screen.findByRole('heading', { name: 'ben', level: 1 });
    expect(api.users.search).toHaveBeenCalledWith('Ben');
    expect(api.users.profile).toHaveBeenCalledWith('u2');
  });

  it('says so when nobody has that exact name (a longer one does not count)', async () => {
    const api = fakeApi({ u1: mine, u5: profile({ _id: 'u5', username: 'benjamin' }) });
    renderProfile('/profile/ben', api);
    expect(await screen.findByText('Member not found')).toBeTruthy();
    expect(api.users.profile).not.toHaveBeenCalled();
  });

  it('shows a failed look-up with the server message and tries again', async () => {
    const api = fakeApi({ u1: mine, u2: ben });
    api.users.search.mockRejectedValueOnce(refused('Too many requests', 429));
    const { user } = renderProfile('/profile/ben', api);
    const alert = (await screen.findByText('Could not load this profile')).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Too many requests');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'ben', level: 1 });
  });

  it("opens the member's own profile by name, whatever the case, without a look-up", async () => {
    const api = fakeApi({ u1: mine, u2: ben });
    // The people search leaves the member out: the page knows them already.
    renderProfile('/profile/Alice', api);
    await screen.findByRole('heading', { name: 'alice', level: 1 });
    expect(api.users.search).not.toHaveBeenCalled();
  });
});
