import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import { serverEvents } from '../../api/socket';
import type { User } from '../../api/auth';
import type { BasicInfo, NotificationType, PersonalizeBody, SocialLinks, WatchPresence } from '../../api/users';
import { blockedMembersMachine, type BlockedMembersEvent } from '../../machines/people/blockedMembers.machine';
import { memberByNameMachine } from '../../machines/people/memberByName.machine';
import { notificationSettingsMachine } from '../../machines/notifications/notificationSettings.machine';
import { peopleMachine } from '../../machines/people/people.machine';
import { personalizeMachine } from '../../machines/streams/personalize.machine';
import { profileMachine, type PeoplePageInput, type ProfilePage } from '../../machines/people/profile/profile.machine';
import { keptMemberOf, recallCopyWhere } from '../offline/kept';
import { orKept, withKept } from '../offline/keptLoad';
import { profileHobbiesMachine } from '../../machines/people/profile/profileHobbies.machine';
import { profileImageMachine, type ProfileImageKind } from '../../machines/people/profile/profileImage.machine';
import { profileLinksMachine } from '../../machines/people/profile/profileLinks.machine';
import { reportLogic } from '../moderation/report';
import { clientOf } from '../shell/api';
import { changePasswordLogic } from '../auth/changePassword';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { watchPresence } from '../chat/presence';
import { livePeopleActor, peopleEventOf } from './livePeople';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { createUsersApi } from '../../api/users/client';
import { createMediaApi } from '../../api/media/client';
import { createStreamsApi } from '../../api/posts/client';
import { createModerationApi } from '../../api/moderation/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<
  ApiClient,
  'follows' | 'users' | 'images' | 'posts' | 'questions' | 'reactions' | 'comments' | 'saved' | 'moderation' | 'admin'
>;

const defaultApi: Calls = clientOf(createUsersApi, createMediaApi, createStreamsApi, createModerationApi);

export { livePeopleActor, peopleEventOf };

/**
 * Bus messages as events of the blocked members list. The server tells every tab of the member
 * about their blocks and unblocks (`relation changed`, relayed raw onto the bus; a block also
 * as `blocked`); a `blocked` message also comes when someone blocks the member, and a reload
 * then just reads the same rows.
 */
export function blockedMembersEventOf(message: BusMessage): BlockedMembersEvent | null {
  switch (message.event) {
    case 'reconnected':
    case 'blocked':
      return { type: 'blockedMembers.changed' };
    case serverEvents.relationChanged:
      return message.payload.blocked === false ? { type: 'blockedMembers.lifted', userId: message.payload.userId } : null;
    default:
      return null;
  }
}

export const liveBlockedMembersActor = (bus: Bus) =>
  fromCallback<EventObject>(({ sendBack }) =>
    bus.subscribe((message) => {
      const event = blockedMembersEventOf(message);
      if (event) sendBack(event);
    }),
  );

/**
 * A new picture or cover: the upload (POST /images/{kind}), then the profile points at it
 * (PUT /user/profile/images). Either refusal carries the server's message.
 */
export async function uploadProfileImage(api: Calls, kind: ProfileImageKind, image: string) {
  const uploaded = await api.images.upload(kind, image);
  return api.users.images(kind === 'profile' ? { profilePicture: uploaded._id } : { coverImage: uploaded._id });
}

/**
 * The id of the member called `username` (names are unique whatever their case), or null when the
 * people search finds nobody the viewer may see by that exact name. The search lists names that
 * start with the term first, shortest first, so an exact name is on its first page.
 */
export async function memberIdByName(api: Calls, username: string): Promise<string | null> {
  const wanted = username.toLowerCase();
  const { search } = await api.users.search(username);
  return search.find((person) => person.username.toLowerCase() === wanted)?._id ?? null;
}

/**
 * The id of the member called `username` among the profile pages kept for `member` (each kept by
 * the id it was opened with, `member:<id>`, and holding the name): a profile addressed by name (an
 * @mention's link) opens offline when it was opened before, by name or by id.
 */
export async function keptMemberIdByName(member: string | null, username: string): Promise<string | null> {
  const wanted = username.toLowerCase();
  const kept = await recallCopyWhere<ProfilePage>(member, 'member', (page) => page.user?.username.toLowerCase() === wanted);
  return kept?.value.user._id ?? null;
}

/** The people and profile machines with their real effects, bound to one app actor. */
export function peopleLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: { api?: Calls; bus?: Bus } = {}) {
  const bridge = bridgeActions(app);
  const session = () => app.system.get('session');
  return {
    people: peopleMachine.provide({
      actors: {
        fetchPeople: fromPromise(({ input }: { input: { page: number } }) => api.users.all(input.page)),
        searchPeople: fromPromise(({ input }: { input: { query: string } }) => api.users.search(input.query)),
        fetchSuggestions: fromPromise(() => api.users.suggestions()),
        watchPresence: fromPromise(({ input }: { input: WatchPresence }) => watchPresence(input)),
        live: livePeopleActor(bus),
      },
      actions: { showToast: bridge.showToast },
    }),
    profile: profileMachine.provide({
      actors: {
        // Each profile page opened is kept for reading offline (src/effects/offline/keptLoad.ts).
        fetchProfile: fromPromise(({ input }: { input: { userId: string } }): Promise<ProfilePage> =>
          withKept(
            { member: keptMemberOf(app), kind: 'member', id: input.userId },
            () => api.users.profile(input.userId),
            (page, savedAt) => ({ ...page, keptAt: savedAt }),
          ),
        ),
        fetchFollowers: fromPromise(({ input }: { input: PeoplePageInput }) => api.follows.followers(input.userId, input.cursor)),
        fetchFollowing: fromPromise(({ input }: { input: PeoplePageInput }) => api.follows.following(input.userId, input.cursor)),
        fetchGallery: fromPromise(({ input }: { input: { userId: string } }) => api.images.ofUser(input.userId)),
        changeFollow: fromPromise(({ input }: { input: { userId: string; follow: boolean } }) =>
          input.follow ? api.follows.follow(input.userId) : api.follows.unfollow(input.userId),
        ),
        saveInfo: fromPromise(({ input }: { input: BasicInfo }) => api.users.basicInfo(input)),
        saveNotifications: fromPromise(({ input }: { input: { setting: NotificationType; value: boolean } }) =>
          api.users.settings({ [input.setting]: input.value }),
        ),
        fetchAnswers: fromPromise(({ input }: { input: { userId: string; page: number } }) =>
          api.questions.userAnswers(input.userId, 'all', 'newest', input.page),
        ),
        blockMember: fromPromise(({ input }: { input: { userId: string } }) => api.follows.block(input.userId)),
        unblockMember: fromPromise(({ input }: { input: { userId: string } }) => api.follows.unblock(input.userId)),
        imageUpload: profileImageMachine.provide({
          actors: {
            uploadImage: fromPromise(({ input }: { input: { kind: ProfileImageKind; image: string } }) =>
              uploadProfileImage(api, input.kind, input.image),
            ),
          },
          actions: { showToast: bridge.showToast },
        }),
        linksForm: profileLinksMachine.provide({
          actors: { saveLinks: fromPromise(({ input }: { input: SocialLinks }) => api.users.socialLinks(input)) },
        }),
        hobbiesForm: profileHobbiesMachine.provide({
          actors: { saveHobbies: fromPromise(({ input }: { input: { hobbies: string[] } }) => api.users.hobbies(input)) },
        }),
        passwordForm: changePasswordLogic(api, bridge),
        reportForm: reportLogic(api, bridge),
      },
      actions: {
        showToast: bridge.showToast,
        followChanged: (_, change: { userId: string; following: boolean }) => bus.publish({ event: 'following', ...change }),
        blocked: (_, change: { userId: string }) => bus.publish({ event: 'blocked', userId: change.userId }),
        pictureChanged: (_, change: { profilePicture: string }) => {
          const ref = session();
          const profile = (ref?.getSnapshot() as { context?: { profile?: User | null } } | undefined)?.context?.profile;
          if (ref && profile) ref.send({ type: 'session.updateProfile', profile: { ...profile, profilePicture: change.profilePicture } });
        },
      },
    }),
    memberByName: memberByNameMachine.provide({
      actors: {
        // The server cannot be reached: the profile pages kept on this device know the name (its copy is kept by id).
        findMember: fromPromise(({ input }: { input: { username: string } }) =>
          orKept(
            () => memberIdByName(api, input.username),
            () => keptMemberIdByName(keptMemberOf(app), input.username),
          ),
        ),
      },
    }),
    personalize: personalizeMachine.provide({
      actors: {
        fetchSettings: fromPromise(({ input }: { input: { userId: string } }) => api.users.profile(input.userId)),
        saveSettings: fromPromise(({ input }: { input: PersonalizeBody }) => api.users.personalize(input)),
        clearInterests: fromPromise(() => api.users.clearInterests()),
        clearBehavior: fromPromise(() => api.users.clearBehavior()),
      },
      actions: {
        showToast: bridge.showToast,
        allowChanged: (_, allow: boolean) =>
          app.system.get('session')?.send({ type: 'session.updatePersonalization', allowPersonalize: allow }),
      },
    }),
    notificationSettings: notificationSettingsMachine.provide({
      actors: {
        fetchSettings: fromPromise(({ input }: { input: { userId: string } }) => api.users.profile(input.userId)),
        saveSetting: fromPromise(({ input }: { input: { setting: NotificationType; value: boolean } }) =>
          api.users.settings({ [input.setting]: input.value }),
        ),
      },
      actions: { showToast: bridge.showToast },
    }),
    // An unblock publishes nothing on the bus: no list on it holds a blocked member's posts or
    // rows (the block removed them, and unblocking restores no follow), and the server's
    // `relation changed` already reaches the member's other tabs, whose lists drop the row.
    blockedMembers: blockedMembersMachine.provide({
      actors: {
        fetchBlocked: fromPromise(() => api.follows.blocked()),
        unblockMember: fromPromise(({ input }: { input: { userId: string } }) => api.follows.unblock(input.userId)),
        live: liveBlockedMembersActor(bus),
      },
      actions: { showToast: bridge.showToast },
    }),
  };
}
export type PeopleLogic = ReturnType<typeof peopleLogic>;
