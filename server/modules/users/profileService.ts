import { INTEREST_TOPICS } from '../../../src/api/constants';
import { mediaPaths } from '../../../src/api/paths';
import {
  SOCIAL_NETWORKS,
  SUGGESTIONS_SIZE,
  type BasicInfoBody,
  type HobbiesBody,
  type InterestTopic,
  type NotificationSettingsBody,
  type PersonalizeSettings,
  type Profile,
  type SocialLinks,
  type SocialLinksBody,
} from '../../../src/api/users';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import { totalFields } from '../../../src/api/pages';
import type { UserProfilesTable, UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/httpError';
import type { Presence } from '../../realtime/presence';
import type { PasswordHasher } from '../../core/passwords';
import type { AuthContext } from '../../core/authContext';
import { presentPerson, presentSummary } from '../../core/presentUser';
import type { Viewer } from '../../core/visibility';
import type { BehaviorAction } from './behavior';
import type { ProfileChanges, ProfileStore } from './profileStore';

export const USER_NOT_FOUND = 'User not found';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const NO_PASSWORD = 'This account signs in with Google and has no password to change';

const truthy = (value: unknown) => value === true || Number(value) === 1;

function parseJson<T>(text: string | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const socialOf = (row: UserProfilesTable | undefined): SocialLinks => {
  const stored = parseJson<Partial<SocialLinks>>(row?.social_links, {});
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, typeof stored[network] === 'string' ? stored[network] : '']),
  ) as SocialLinks;
};
const interestsOf = (row: UserProfilesTable | undefined): InterestTopic[] =>
  parseJson<string[]>(row?.interests, []).filter((topic): topic is InterestTopic => (INTEREST_TOPICS as readonly string[]).includes(topic));
const hobbiesOf = (row: UserProfilesTable | undefined): string[] =>
  parseJson<unknown[]>(row?.hobbies, []).filter((h): h is string => typeof h === 'string');

export interface ProfileServiceDeps {
  config: Pick<Config, 'sessions'>;
  clock: Clock;
  store: ProfileStore;
  hasher: PasswordHasher;
  presence: Presence;
  /** Signs a new session for the member (the auth service's). */
  issueSession: (user: UserRow, rememberMe?: boolean) => Promise<string>;
}

/** People, profiles, the owner's settings, personalization, profile reports and ban status. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { store, clock } = deps;
  const now = () => clock.now().toISOString();

  async function member(viewer: Viewer, userId: string): Promise<UserRow> {
    const user = await store.visibleMember(viewer, userId);
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  async function profileOf(viewer: Viewer, user: UserRow): Promise<Profile> {
    const [row, relation] = await Promise.all([store.findProfile(user.id), store.relationAndCounts(viewer, user.id)]);
    const isOwner = viewer.id === user.id;
    return {
      ...presentSummary(user),
      isFollowing: relation.isFollowing,
      followsYou: relation.followsYou,
      coverImage: row?.cover_image ?? '',
      createdAt: user.created_at,
      basicInfo: { work: row?.work ?? '', school: row?.school ?? '', location: row?.location ?? '', quote: row?.quote ?? '' },
      social: socialOf(row),
      hobbies: hobbiesOf(row),
      postsCount: relation.postsCount,
      followersCount: relation.followersCount,
      followingCount: relation.followingCount,
      isOwner,
      ...(isOwner || viewer.isAdmin ? { email: user.email } : {}),
      ...(isOwner
        ? {
            notifications: {
              messages: row ? truthy(row.notify_messages) : true,
              follows: row ? truthy(row.notify_follows) : true,
              reactions: row ? truthy(row.notify_reactions) : true,
              comments: row ? truthy(row.notify_comments) : true,
            },
            personalizeSettings: { allowPersonalize: truthy(user.allow_personalize), interests: interestsOf(row) },
          }
        : {}),
    };
  }

  const ownProfile = async (viewer: Viewer) => profileOf(viewer, await member({ ...viewer, isAdmin: true }, viewer.id));

  async function update(viewer: Viewer, changes: ProfileChanges): Promise<Profile> {
    await store.upsertProfile(viewer.id, changes, now());
    return ownProfile(viewer);
  }

  async function personalizeSettings(viewer: Viewer): Promise<PersonalizeSettings> {
    const profile = await ownProfile(viewer);
    return profile.personalizeSettings!;
  }

  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

  return {
    async page(viewer: Viewer, page: number) {
      const { rows, total } = await store.page(viewer, page);
      return { users: rows.map(presentPerson), ...totalFields('totalUsers', total) };
    },

    async search(viewer: Viewer, term: string) {
      return { search: (await store.search(viewer, term)).map(presentPerson) };
    },

    /**
     * People to follow: those the viewer does not follow, the most followed first; when the viewer
     * allows personalization, members sharing more of their interests come first.
     */
    async suggestions(viewer: Viewer) {
      const [candidates, own] = await Promise.all([store.suggestionCandidates(viewer, 100), ownProfile(viewer)]);
      const mine = new Set(own.personalizeSettings?.allowPersonalize ? own.personalizeSettings.interests : []);
      const scored = candidates.map((row, index) => ({
        row,
        index,
        shared:
          mine.size === 0
            ? 0
            : parseJson<string[]>(row.interests ?? undefined, []).filter((topic) => mine.has(topic as InterestTopic)).length,
      }));
      scored.sort((a, b) => b.shared - a.shared || a.index - b.index);
      return { users: scored.slice(0, SUGGESTIONS_SIZE).map(({ row }) => presentPerson(row)) };
    },

    async profile(viewer: Viewer, userId: string): Promise<Profile> {
      return profileOf(viewer, await member(viewer, userId));
    },

    ownProfile,

    /** Checks the current password, sets the new one and ends every session; answers a fresh token for this device. */
    async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<{ token: string; user: UserRow }> {
      const user = auth.user;
      if (!user.password_hash) throw badRequest(NO_PASSWORD);
      if (!(await deps.hasher.verify(user.password_hash, currentPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
      const session = await store.findSession(auth.sessionId);
      const lifetime = session ? Date.parse(session.expires_at) - Date.parse(session.created_at) : 0;
      const rememberMe = lifetime > deps.config.sessions.shortMs;
      const passwordHash = await deps.hasher.hash(newPassword);
      const updated = await store.setPassword(user.id, passwordHash, now());
      const token = await deps.issueSession(updated, rememberMe);
      // Sockets of the other devices end now; this device's keep running until it reconnects with the new token.
      await deps.presence.endOtherSessions(user.id, auth.sessionId, 'password-changed').catch(() => undefined);
      return { token, user: updated };
    },

    async notificationSettings(viewer: Viewer, body: NotificationSettingsBody): Promise<Profile> {
      const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
      return update(
        viewer,
        defined({
          notify_messages: flag(body.messages),
          notify_follows: flag(body.follows),
          notify_reactions: flag(body.reactions),
          notify_comments: flag(body.comments),
        }),
      );
    },

    basicInfo: (viewer: Viewer, body: BasicInfoBody) => update(viewer, defined(body)),

    async socialLinks(viewer: Viewer, body: SocialLinksBody): Promise<Profile> {
      const current = socialOf(await store.findProfile(viewer.id));
      return update(viewer, { social_links: JSON.stringify({ ...current, ...defined(body) }) });
    },

    hobbies: (viewer: Viewer, body: HobbiesBody) => update(viewer, { hobbies: JSON.stringify(body.hobbies) }),

    /** Profile picture and cover: images the owner uploaded with the matching kind, or null to remove. */
    async images(viewer: Viewer, body: { profilePicture?: string | null; coverImage?: string | null }): Promise<Profile> {
      const urlOf = async (imageId: string | null, kind: 'profile' | 'background', what: string) => {
        if (imageId === null) return '';
        const image = await store.findImage(imageId);
        if (!image || image.user_id !== viewer.id) throw notFound('Image not found');
        if (image.kind !== kind) throw badRequest(`${what} must be an image uploaded as ${kind} (POST /images/${kind})`);
        return mediaPaths.image(image.version, image.id);
      };
      const at = now();
      if (body.profilePicture !== undefined)
        await store.setProfilePicture(viewer.id, await urlOf(body.profilePicture, 'profile', 'Profile picture'), at);
      if (body.coverImage !== undefined)
        await store.upsertProfile(viewer.id, { cover_image: await urlOf(body.coverImage, 'background', 'Cover image') }, at);
      return ownProfile(viewer);
    },

    async personalize(viewer: Viewer, body: { allowPersonalize?: boolean; interests?: InterestTopic[] }): Promise<PersonalizeSettings> {
      if (body.allowPersonalize !== undefined) await store.setAllowPersonalize(viewer.id, body.allowPersonalize, now());
      if (body.interests !== undefined) await store.upsertProfile(viewer.id, { interests: JSON.stringify(body.interests) }, now());
      return personalizeSettings(viewer);
    },

    async clearInterests(viewer: Viewer): Promise<PersonalizeSettings> {
      await store.upsertProfile(viewer.id, { interests: '[]' }, now());
      return personalizeSettings(viewer);
    },

    clearBehavior: (viewer: Viewer) => store.clearBehavior(viewer.id),

    /** Records what the member did, only while they allow personalization (the store checks it in the insert). */
    recordBehavior: (viewer: Viewer, behavior: { action: BehaviorAction; subjectId: string }) =>
      store.recordBehavior({ id: newId(), userId: viewer.id, action: behavior.action, subjectId: behavior.subjectId, now: now() }),

    async reportProfile(viewer: Viewer, body: { userId: string; reason: string; details?: string }) {
      if (body.userId === viewer.id) throw badRequest('You cannot report yourself');
      // A member may report someone they blocked or who blocked them: the block rule hides people, not reports.
      await member({ ...viewer, isAdmin: true }, body.userId);
      if (await store.hasPendingReport(viewer.id, body.userId)) throw conflict('You have already reported this member');
      const at = now();
      const row = {
        id: newId(),
        reporter_id: viewer.id,
        reported_id: body.userId,
        reason: body.reason,
        details: body.details ?? '',
        status: 'pending' as const,
        created_at: at,
        updated_at: at,
      };
      await store.insertReport(row);
      return {
        _id: row.id,
        userId: row.reported_id,
        reason: row.reason,
        details: row.details,
        status: row.status,
        createdAt: row.created_at,
      };
    },

    /** The member's own ban status (the checkpoint page), or any member's for an admin. */
    async banStatus(viewer: Viewer, userId: string) {
      if (userId !== viewer.id && !viewer.isAdmin) throw forbidden('You can only see your own ban status');
      const user = await member({ ...viewer, isAdmin: true }, userId);
      const row = await store.findProfile(userId);
      const isBanned = truthy(user.is_banned);
      return {
        ban: {
          userId: user.id,
          username: user.username,
          isBanned,
          reason: isBanned ? (row?.ban_reason ?? '') : '',
          bannedAt: isBanned ? (row?.banned_at ?? null) : null,
        },
      };
    },

    onlineUserIds: (viewer: Viewer) => deps.presence.onlineUserIds(viewer.id),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
