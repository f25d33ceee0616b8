import { profileMachine, type ProfileContext } from '../../../../src/machines/people/profile/profile.machine';
import { refused } from '../../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../../cover';
import { answerOf, ownProfile, PNG, profile } from './profileFixtures';

const owner = ownProfile();
export const user = { _id: 'u2', username: 'ben' };
export const cleo = { _id: 'u3', username: 'cleo' };
export const PICTURE = '/media/image/upload/v1/p1';
const [a1, a2, a3] = [answerOf('a1'), answerOf('a2'), answerOf('a3')];

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ProfileContext;
  const p = c.profile;
  return JSON.stringify({
    value: snapshot.value,
    profile: p && {
      owner: p.isOwner,
      following: p.isFollowing,
      followers: p.followersCount,
      work: p.basicInfo.work,
      follows: p.notifications?.follows,
      picture: p.profilePicture,
      youtube: p.social.youtube,
      hobbies: p.hobbies.length,
    },
    lists: [c.followers?.count ?? null, c.following?.count ?? null, c.gallery?.images.length ?? null],
    answers: [c.answers?.length ?? null, c.answersTotal, c.answersPage],
    error: c.error,
    listError: c.listError,
    infoDraft: c.infoDraft.work,
    infoError: c.infoError,
  });
};

const TAB_WORK =
  /fetchFollowers|fetchFollowing|fetchGallery|fetchAnswers|fetchMoreAnswers|profile\.more|saveNotifications|setNotification|profile\.retry/;
const EXCURSIONS = /toggleFollow|editInfo|chooseImage|editLinks|editHobbies|profile\.report|askBlock/;

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchProfile', output: { user: profile() } },
    { type: 'xstate.done.actor.fetchProfile', output: { user: owner } },
    { type: 'xstate.error.actor.fetchProfile', error: refused('User not found', 404) },
    ...(['timeline', 'replied', 'followers', 'following', 'gallery', 'password', 'notifications'] as const).map((tab) => ({
      type: 'profile.tab',
      tab,
    })),
    { type: 'profile.toggleFollow' },
    { type: 'xstate.done.actor.changeFollow', output: { message: 'ok', userId: 'u2', following: true } },
    { type: 'xstate.error.actor.changeFollow', error: refused('You cannot follow this member', 403) },
    { type: 'profile.editInfo' },
    { type: 'profile.cancelEdit' },
    { type: 'profile.infoChange', field: 'work', value: 'Lab' },
    {
      type: 'xstate.done.actor.saveInfo',
      output: { message: 'Saved', user: { ...owner, basicInfo: { ...owner.basicInfo, work: 'Lab' } } },
    },
    { type: 'xstate.error.actor.saveInfo', error: refused('Work must not exceed 100 characters', 400) },
    { type: 'xstate.done.actor.fetchFollowers', output: { users: [user], count: 2, nextCursor: '2025-01-01T10:00:00.000Z_u2' } },
    { type: 'xstate.error.actor.fetchFollowers', error: new Error('Network down') },
    // A follow made meanwhile shifted the pages: ben comes again.
    { type: 'xstate.done.actor.fetchFollowersMore', output: { users: [user, cleo], nextCursor: null } },
    { type: 'xstate.error.actor.fetchFollowersMore', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.fetchFollowing', output: { users: [cleo], count: 2, nextCursor: '2025-01-01T10:00:00.000Z_u3' } },
    { type: 'xstate.done.actor.fetchFollowing', output: { users: [], count: 0, nextCursor: null } },
    { type: 'xstate.error.actor.fetchFollowing', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchFollowingMore', output: { users: [user], nextCursor: null } },
    { type: 'xstate.error.actor.fetchFollowingMore', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchGallery', output: { images: [] } },
    { type: 'xstate.error.actor.fetchGallery', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchAnswers', output: { answers: [a1, a2], totalAnswers: 3 } },
    { type: 'xstate.error.actor.fetchAnswers', error: new Error('Network down') },
    { type: 'profile.more' },
    // A reply written meanwhile shifted the pages: a2 comes again.
    { type: 'xstate.done.actor.fetchMoreAnswers', output: { answers: [a2, a3], totalAnswers: 3 } },
    { type: 'xstate.error.actor.fetchMoreAnswers', error: refused('Too many requests', 429) },
    { type: 'profile.setNotification', setting: 'follows', value: false },
    {
      type: 'xstate.done.actor.saveNotifications',
      output: { message: 'Saved', user: { ...owner, notifications: { ...owner.notifications!, follows: false } } },
    },
    { type: 'xstate.error.actor.saveNotifications', error: refused('Too many requests', 429) },
    { type: 'profile.chooseImage', kind: 'profile', dataUrl: PNG },
    { type: 'xstate.done.actor.imageUpload', output: { profile: { ...owner, profilePicture: PICTURE } } },
    { type: 'xstate.done.actor.imageUpload', output: { profile: null } },
    { type: 'profile.editLinks' },
    {
      type: 'xstate.done.actor.linksForm',
      output: { profile: { ...owner, social: { ...owner.social, youtube: 'https://youtube.com/@ben' } } },
    },
    { type: 'xstate.done.actor.linksForm', output: { profile: null } },
    { type: 'profile.editHobbies' },
    { type: 'xstate.done.actor.hobbiesForm', output: { profile: { ...owner, hobbies: ['Chess'] } } },
    { type: 'xstate.done.actor.hobbiesForm', output: { profile: null } },
    { type: 'profile.report' },
    { type: 'xstate.done.actor.reportForm' },
    { type: 'profile.askBlock' },
    { type: 'profile.cancelBlock' },
    { type: 'profile.confirmBlock' },
    { type: 'xstate.done.actor.blockMember', output: { message: 'Blocked successfully', userId: 'u2', blocked: true } },
    { type: 'xstate.error.actor.blockMember', error: refused('User not found', 404) },
    { type: 'profile.unblock' },
    { type: 'xstate.done.actor.unblockMember', output: { message: 'Unblocked successfully', userId: 'u2', blocked: false } },
    { type: 'xstate.error.actor.unblockMember', error: new Error('Network down') },
  ] as ModelEvent[],
  // Tabs are tried from a quiet banner; each banner excursion (follow, edits, report, block) from
  // the timeline of a freshly loaded profile, so every path makes one excursion.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    if (!snapshot.matches('ready')) return true;
    const quiet = snapshot.matches({
      ready: { follow: 'idle', info: 'viewing', image: 'idle', links: 'viewing', hobbies: 'viewing', report: 'closed', block: 'idle' },
    });
    const onTimeline = snapshot.matches({ ready: { tab: 'timeline' } });
    const c = snapshot.context as ProfileContext;
    const p = c.profile;
    const fresh =
      c.followers === null &&
      c.following === null &&
      c.gallery === null &&
      c.answers === null &&
      c.listError === null &&
      c.infoError === null &&
      p?.basicInfo.work === '' &&
      p?.followersCount === 1 &&
      p?.notifications?.follows !== false &&
      p?.profilePicture === '' &&
      p?.social.youtube === '' &&
      p?.hobbies.length === 0;
    // One keystroke per edit keeps the model small.
    if (event.type === 'profile.infoChange') return onTimeline && c.infoDraft.work === '';
    if (event.type === 'profile.tab') return quiet && ((onTimeline && fresh) || event.tab === 'timeline');
    if (EXCURSIONS.test(event.type)) return quiet && onTimeline && fresh;
    if (TAB_WORK.test(event.type)) return quiet;
    return onTimeline;
  },
};

export const input = { userId: 'u2' };

export const profileModel: MachineModel = {
  name: 'profile',
  machine: profileMachine,
  covers: [{ label: 'all transitions', options: { ...model, input } as never }],
};
