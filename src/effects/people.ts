import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../api/client';
import { serverEvents } from '../api/socket';
import type { BasicInfo, ChangePasswordBody, NotificationType, PersonalizeBody } from '../api/users';
import { peopleMachine, type PeopleEvent } from '../machines/people.machine';
import { personalizeMachine } from '../machines/personalize.machine';
import { profileMachine } from '../machines/profile.machine';
import { api as defaultApi } from './api';
import { bridgeActions, type HasSystem } from './auth';
import { streamsBus, type Bus, type BusMessage } from './socket';

/** Bus messages as events of the people machine. */
export function peopleEventOf(message: BusMessage): PeopleEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'people.reconnected' };
    case 'following':
      return { type: 'people.following', userId: message.userId, following: message.following };
    case serverEvents.userOnline:
      return message.payload.type === 'snapshot'
        ? { type: 'people.online', userIds: message.payload.userIds }
        : { type: 'people.presence', userId: message.payload.userId, online: message.payload.online };
    default:
      return null;
  }
}

export const livePeopleActor = (bus: Bus) =>
  fromCallback<EventObject>(({ sendBack }) =>
    bus.subscribe((message) => {
      const event = peopleEventOf(message);
      if (event) sendBack(event);
    }),
  );

/** The people and profile machines with their real effects, bound to one app actor. */
export function peopleLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: { api?: ApiClient; bus?: Bus } = {}) {
  const bridge = bridgeActions(app);
  return {
    people: peopleMachine.provide({
      actors: {
        fetchPeople: fromPromise(({ input }: { input: { page: number } }) => api.users.all(input.page)),
        searchPeople: fromPromise(({ input }: { input: { query: string } }) => api.users.search(input.query)),
        fetchSuggestions: fromPromise(() => api.users.suggestions()),
        fetchOnline: fromPromise(() => api.users.online()),
        live: livePeopleActor(bus),
      },
      actions: { showToast: bridge.showToast },
    }),
    profile: profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(({ input }: { input: { userId: string } }) => api.users.profile(input.userId)),
        fetchFollowers: fromPromise(({ input }: { input: { userId: string } }) => api.follows.followers(input.userId)),
        fetchFollowing: fromPromise(({ input }: { input: { userId: string } }) => api.follows.following(input.userId)),
        fetchGallery: fromPromise(({ input }: { input: { userId: string } }) => api.images.ofUser(input.userId)),
        changeFollow: fromPromise(({ input }: { input: { userId: string; follow: boolean } }) =>
          input.follow ? api.follows.follow(input.userId) : api.follows.unfollow(input.userId),
        ),
        saveInfo: fromPromise(({ input }: { input: BasicInfo }) => api.users.basicInfo(input)),
        changePassword: fromPromise(({ input }: { input: ChangePasswordBody }) => api.users.changePassword(input)),
        saveNotifications: fromPromise(({ input }: { input: { setting: NotificationType; value: boolean } }) =>
          api.users.settings({ [input.setting]: input.value }),
        ),
      },
      actions: {
        showToast: bridge.showToast,
        loggedIn: bridge.login,
        followChanged: (_, change: { userId: string; following: boolean }) => bus.publish({ event: 'following', ...change }),
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
        allowChanged: (_, allow: boolean) => app.system.get('session')?.send({ type: 'session.updatePersonalization', allowPersonalize: allow }),
      },
    }),
  };
}
export type PeopleLogic = ReturnType<typeof peopleLogic>;
