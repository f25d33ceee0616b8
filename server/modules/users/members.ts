import type { UserRow } from '../../db/schema';
import type { ProfileStore } from './profileStore';
import type { NewUser, UserStore } from './store';

/**
 * What other areas (auth signs members up and in, reactions names reactors, chat and presence
 * keep blocked members apart) and scripts may ask of the members' records. The users area keeps
 * its SQL to itself (store.ts, profileStore.ts); this is its face to the others.
 */
export interface Members {
  /** The member and their search entry, in one transaction. */
  insert(user: NewUser): Promise<UserRow>;
  findById(id: string): Promise<UserRow | undefined>;
  findByAuthId(authId: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** The member linked to a Google account (Google sign-in). */
  findByGoogleSub(sub: string): Promise<UserRow | undefined>;
  /** Links a Google account to a member who has none yet; undefined when someone linked one first. */
  linkGoogle(id: string, sub: string, now: string): Promise<UserRow | undefined>;
  /** By name only (case-insensitive), for paths that name a member. */
  findByUsername(username: string): Promise<UserRow | undefined>;
  /** The sign-in form's one field holds a username or an e-mail. */
  findByLogin(login: string): Promise<UserRow | undefined>;
  usernameTaken(username: string): Promise<boolean>;
  emailTaken(email: string): Promise<boolean>;
  updateProfile(id: string, changes: { avatarColor?: string; avatarImage?: string }, now: string): Promise<UserRow>;
  /** A ban also retires the member's reset links, in the same transaction. */
  setBanned(id: string, banned: boolean, now: string): Promise<void>;
  /** Ids of members in a block with this one, either way. */
  blockPartners(userId: string): Promise<string[]>;
}

/** The members' records for other areas, answered by the users area's stores. */
export function createMembers(store: UserStore, profiles: Pick<ProfileStore, 'blockPartners'>): Members {
  return {
    insert: (user) => store.insert(user),
    findById: (id) => store.findById(id),
    findByAuthId: (authId) => store.findByAuthId(authId),
    findByEmail: (email) => store.findByEmail(email),
    findByGoogleSub: (sub) => store.findByGoogleSub(sub),
    linkGoogle: (id, sub, now) => store.linkGoogle(id, sub, now),
    findByUsername: (username) => store.findByUsername(username),
    findByLogin: (login) => store.findByLogin(login),
    usernameTaken: (username) => store.usernameTaken(username),
    emailTaken: (email) => store.emailTaken(email),
    updateProfile: (id, changes, now) => store.updateProfile(id, changes, now),
    setBanned: (id, banned, now) => store.setBanned(id, banned, now),
    blockPartners: (userId) => profiles.blockPartners(userId),
  };
}
