import { createPresence } from '../../realtime/presence';
import { endSessionsOnBan } from '../../realtime/sessionEvents';
import type { AreaPlugin } from '../areaPlugin';
import { createMembers } from './members';
import { createProfileService } from './profileService';
import { createProfileStore } from './profileStore';
import { userRoutes } from './routes';
import { createUserStore } from './store';

/**
 * Members' records: `users`, what other areas may ask of them (members.ts: auth signs them in
 * through it), the profile store and presence (who is online, which needs the block lists). Apart from the profiles area below
 * because auth needs the store and the profile service needs auth's sessions.
 */
export const usersArea: AreaPlugin = {
  name: 'users',
  dependencies: [],
  build: ({ app, database, sessionEvents }) => {
    const profileStore = createProfileStore(database);
    return {
      services: {
        users: endSessionsOnBan(createMembers(createUserStore(database.db), profileStore), sessionEvents),
        profileStore,
        presence: createPresence({ blockPartners: profileStore.blockPartners, log: app.log }),
      },
    };
  },
};

/** People, profiles and settings. */
export const profilesArea: AreaPlugin = {
  name: 'profiles',
  // moderation: the report limit, which member reports share with post reports.
  dependencies: ['users', 'auth', 'moderation'],
  build: ({ config, clock }, built) => {
    const profiles = createProfileService({
      config,
      clock,
      store: built.profileStore,
      hasher: built.hasher,
      presence: built.presence,
      issueSession: built.auth.issueSession,
    });
    return {
      services: { profiles },
      routes: async (api) => {
        await api.register(userRoutes, { config, profiles, reportLimit: built.moderationLimits.reports });
      },
    };
  },
};
