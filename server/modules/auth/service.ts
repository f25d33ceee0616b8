import { createHash, timingSafeEqual } from 'node:crypto';
import type { Role } from '../../../src/api/auth';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../http/httpError';
import { decodeDataUrl, normalizeAvatar } from '../../media/images';
import type { MediaStorage, StoredMedia } from '../../media/storage';
import type { SessionEvents } from '../../realtime/sessionEvents';
import type { Members } from '../users/members';
import { uniqueViolation } from '../../db/errors';
import type { PasswordHasher } from '../../core/passwords';
import type { AuthStore } from './store';
import type { TokenService } from './tokens';
import type { AuthContext } from '../../core/authContext';
import type { SignInClient } from '../../core/signInClient';
import type { SessionDevices } from './sessions/service';
import type { TwoFactorService } from '../twoFactor/service';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'Email is already registered';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  avatarColor: string;
  /** A PNG data URL, or empty for an account made without one (a script's admin). */
  avatarImage: string;
}

export interface Credentials {
  username: string;
  password: string;
  rememberMe?: boolean;
}

export interface SignedIn {
  user: UserRow;
  token: string;
}

/** A password sign-in: a session (an administrator may be asked to set two-factor sign-in up), or a challenge for the code. */
export type PasswordSignIn = (SignedIn & { twoFactorSetupRequired: boolean }) | { challenge: string };

export interface AuthServiceDeps {
  config: Pick<Config, 'sessions' | 'adminInviteCode'>;
  clock: Clock;
  users: Pick<Members, 'usernameTaken' | 'emailTaken' | 'insert' | 'findByLogin' | 'updateProfile' | 'findByAuthId'>;
  store: AuthStore;
  hasher: PasswordHasher;
  tokens: TokenService;
  media: MediaStorage;
  /** Told when a session ends, so the member's sockets close (server/realtime/sessionEvents.ts). */
  sessionEvents?: SessionEvents;
  /** Each new session's device and first sighting, and the new-device e-mail (sessions/service.ts). */
  devices?: SessionDevices;
  /** Two-factor sign-in (server/modules/twoFactor): a right password then asks for a code. */
  twoFactor?: Pick<TwoFactorService, 'isOn' | 'challenge' | 'setupRequired'>;
}

/** Compares secrets in constant time; hashing first makes the lengths equal. */
function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Accounts and sessions: sign-up, sign-in, sign-out, the profile bits of the session. */
export function createAuthService(deps: AuthServiceDeps) {
  const { clock, users, store, hasher, tokens, media } = deps;
  const now = () => clock.now().toISOString();

  async function storeAvatar(dataUrl: string, owner = ''): Promise<StoredMedia | null> {
    if (!dataUrl) return null;
    const png = await normalizeAvatar(decodeDataUrl(dataUrl, 'image/png'), owner);
    return media.saveImage(png, 'png');
  }

  /** `client`: where the sign-in comes from (its User-Agent), recorded as the session's device. */
  async function issueSession(user: UserRow, rememberMe = false, client?: SignInClient): Promise<string> {
    const issuedAt = clock.now();
    const lifetime = rememberMe ? deps.config.sessions.longMs : deps.config.sessions.shortMs;
    const expiresAt = new Date(issuedAt.getTime() + lifetime);
    const jti = newId();
    const device = deps.devices?.device(client) ?? { browser: '', system: '' };
    await store.deleteExpiredSessions(user.id, issuedAt.toISOString());
    await store.createSession({
      id: jti,
      userId: user.id,
      expiresAt: expiresAt.toISOString(),
      createdAt: issuedAt.toISOString(),
      ...device,
    });
    // Signed before the device is recorded, so the token's iat stays the session's start.
    const token = await tokens.sign(
      { sub: user.id, authId: user.auth_id, username: user.username, role: user.role, tv: user.token_version, jti },
      expiresAt,
    );
    await deps.devices?.opened(user, jti, device);
    return token;
  }

  async function createAccount(account: NewAccount, role: Role): Promise<UserRow> {
    // Checked first for a clear message; the unique indexes still decide when two sign-ups race.
    // Both at once, so the form can say so at each field.
    const [usernameTaken, emailTaken] = await Promise.all([users.usernameTaken(account.username), users.emailTaken(account.email)]);
    const taken = [
      ...(usernameTaken ? [{ path: 'username', message: USERNAME_TAKEN }] : []),
      ...(emailTaken ? [{ path: 'email', message: EMAIL_TAKEN }] : []),
    ];
    if (taken.length) throw conflict(taken[0]!.message, taken);
    const [avatar, passwordHash] = await Promise.all([storeAvatar(account.avatarImage), hasher.hash(account.password)]);
    try {
      return await users.insert({
        id: newId(),
        authId: newId(),
        username: account.username,
        email: account.email.toLowerCase(),
        passwordHash,
        role,
        avatarColor: account.avatarColor,
        avatarImage: avatar?.url ?? '',
        now: now(),
      });
    } catch (error) {
      if (avatar) await media.discardImage(avatar, 'png');
      const field = uniqueViolation(error);
      if (field === 'username') throw conflict(USERNAME_TAKEN, [{ path: 'username', message: USERNAME_TAKEN }]);
      if (field === 'email') throw conflict(EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
      throw error;
    }
  }

  /** Same answer and about the same time for an unknown name, a wrong password or a Google-only account. */
  async function checkCredentials(credentials: Credentials): Promise<UserRow> {
    const user = await users.findByLogin(credentials.username);
    if (!user?.password_hash) {
      await hasher.verifyNothing(credentials.password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!(await hasher.verify(user.password_hash, credentials.password))) throw unauthorized(INVALID_CREDENTIALS);
    return user;
  }

  /** After a right password: a session, or a challenge when two-factor sign-in is on. */
  async function afterPassword(user: UserRow, rememberMe: boolean, admin: boolean, client?: SignInClient): Promise<PasswordSignIn> {
    const second = deps.twoFactor;
    // The session (and its device) is made once the code is right: POST /signin/two-factor.
    if (second && (await second.isOn(user.id))) return { challenge: await second.challenge(user, { rememberMe, admin }) };
    return {
      user,
      token: await issueSession(user, rememberMe, client),
      twoFactorSetupRequired: (await second?.setupRequired(user)) ?? false,
    };
  }

  return {
    issueSession,

    async signUp(account: NewAccount, client?: SignInClient): Promise<SignedIn> {
      const user = await createAccount(account, 'USER');
      return { user, token: await issueSession(user, false, client) };
    },

    /** Banned members may sign in: they need a session to see the checkpoint and to appeal. */
    async signIn(credentials: Credentials, client?: SignInClient): Promise<PasswordSignIn> {
      const user = await checkCredentials(credentials);
      return afterPassword(user, credentials.rememberMe ?? false, false, client);
    },

    async adminSignUp(account: NewAccount & { inviteCode: string }, client?: SignInClient): Promise<SignedIn> {
      const expected = deps.config.adminInviteCode;
      if (!expected) throw forbidden('Admin sign-up is disabled');
      if (!sameSecret(account.inviteCode, expected)) throw forbidden('Invalid invite code');
      const user = await createAccount(account, 'ADMIN');
      return { user, token: await issueSession(user, false, client) };
    },

    /** A member who is not an admin gets the same answer as a wrong password: roles are not revealed. */
    async adminSignIn(credentials: Credentials, client?: SignInClient): Promise<PasswordSignIn> {
      const user = await checkCredentials(credentials);
      if (user.role !== 'ADMIN') throw unauthorized(INVALID_CREDENTIALS);
      return afterPassword(user, credentials.rememberMe ?? false, true, client);
    },

    /** For scripts (create-admin): an ADMIN account without invite code or HTTP. */
    createAdmin: (account: NewAccount) => createAccount(account, 'ADMIN'),

    async signOut(auth: AuthContext): Promise<void> {
      await store.deleteSession(auth.sessionId);
      deps.sessionEvents?.ended({ userId: auth.userId, sessionId: auth.sessionId, reason: 'signout' });
    },

    async updateCurrentUser(auth: AuthContext, changes: { avatarColor?: string; avatarImage?: string }): Promise<UserRow> {
      const avatarImage =
        changes.avatarImage !== undefined ? ((await storeAvatar(changes.avatarImage, auth.userId))?.url ?? '') : undefined;
      return users.updateProfile(
        auth.userId,
        {
          ...(changes.avatarColor !== undefined ? { avatarColor: changes.avatarColor } : {}),
          ...(avatarImage !== undefined ? { avatarImage } : {}),
        },
        now(),
      );
    },

    /**
     * Whether the caller is banned (sign-in checks its own account with it). Another member's ban
     * is nobody's business but the admins': for anyone else's authId the answer is the unknown
     * account's, so it tells nothing.
     */
    async checkUser(auth: AuthContext, authId: string): Promise<{ isBanned: boolean }> {
      if (auth.role !== 'ADMIN' && auth.authId !== authId) throw notFound('User not found');
      const user = await users.findByAuthId(authId);
      if (!user) throw notFound('User not found');
      return { isBanned: Boolean(user.is_banned) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
