import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { AVATAR_COLORS } from '../../../src/api/users/avatarColors';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import type { UserRow } from '../../db/schema';
import { conflict, HttpError, unauthorized } from '../../http/httpError';
import { letterAvatarPng } from '../../media/letterAvatar';
import type { MediaStorage, StoredMedia } from '../../media/storage';
import type { Members } from '../users/members';
import { uniqueViolation } from '../../db/errors';
import type { SignedIn } from './service';
import type { SignInClient } from '../../core/signInClient';

/**
 * Google sign-in. The client signs in with Firebase (a popup) and sends the Firebase ID token;
 * here it is verified against Google's securetoken key set (GOOGLE_JWKS_URL, so tests use their
 * own keys) and turned into a Stoa session, exactly like a password sign-in ends.
 */

export const GOOGLE_UNAVAILABLE = 'Google sign-in is not available';
export const GOOGLE_TOKEN_INVALID = 'Google sign-in failed: the token is not valid';
export const GOOGLE_EMAIL_UNVERIFIED = 'Google sign-in failed: the Google account has no verified e-mail address';
export const GOOGLE_KEYS_UNREACHABLE = 'Google sign-in is unavailable right now. Please try again later.';
export const GOOGLE_ACCOUNT_CONFLICT = 'This e-mail address is already linked to another Google account';

/** Clocks drift a little; Google's own libraries allow a few seconds too. */
const CLOCK_TOLERANCE_S = 5;
const SUB_MAX = 128;
const USERNAME_MIN = 3;
const USERNAME_MAX = 30;

/** What a verified ID token says about the person. */
export interface GoogleIdentity {
  /** The Firebase uid: stable for the life of the account in this Firebase project. */
  sub: string;
  email: string;
  name: string;
}

interface FirebaseClaims extends JWTPayload {
  auth_time?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  firebase?: { sign_in_provider?: unknown };
}

export type GoogleTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

/** Failures of fetching the key set (ours or Google's trouble), as opposed to a bad token. */
function keySetUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true; // fetch itself failed (DNS, refused, reset)
  return error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error.code === 'ERR_JOSE_GENERIC';
}

/**
 * Checks an ID token as Firebase documents it: RS256, signed by a current securetoken key,
 * issuer `https://securetoken.google.com/<project>`, audience the project, not expired, issued
 * and authenticated in the past, a non-empty `sub`; and, for Stoa, a verified e-mail address from
 * a Google sign-in (`firebase.sign_in_provider` 'google.com').
 */
export function createGoogleTokenVerifier(deps: {
  projectId: string;
  jwksUrl: string;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Tests may hand in a local key set; otherwise the remote one is fetched and cached (10 min). */
  keys?: JWTVerifyGetKey;
}): GoogleTokenVerifier {
  const keys = deps.keys ?? createRemoteJWKSet(new URL(deps.jwksUrl), { timeoutDuration: 5000 });
  const issuer = `https://securetoken.google.com/${deps.projectId}`;

  return async (idToken) => {
    const now = deps.clock.now();
    let claims: FirebaseClaims;
    try {
      ({ payload: claims } = await jwtVerify<FirebaseClaims>(idToken, keys, {
        algorithms: ['RS256'],
        issuer,
        audience: deps.projectId,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
      }));
    } catch (error) {
      if (keySetUnavailable(error)) {
        deps.log?.warn({ err: error }, 'Google sign-in: the key set could not be fetched');
        throw new HttpError(503, GOOGLE_KEYS_UNREACHABLE);
      }
      throw unauthorized(GOOGLE_TOKEN_INVALID);
    }

    const nowSeconds = Math.floor(now.getTime() / 1000);
    const { sub, iat, auth_time: authTime, email, email_verified: emailVerified, name, firebase } = claims;
    const inThePast = (seconds: unknown) => typeof seconds === 'number' && seconds <= nowSeconds + CLOCK_TOLERANCE_S;
    if (typeof sub !== 'string' || sub === '' || sub.length > SUB_MAX) throw unauthorized(GOOGLE_TOKEN_INVALID);
    // jose checks exp (and nbf); issued-at and authentication time must not be in the future either.
    if (!inThePast(iat) || !inThePast(authTime)) throw unauthorized(GOOGLE_TOKEN_INVALID);
    if (firebase?.sign_in_provider !== 'google.com') throw unauthorized(GOOGLE_TOKEN_INVALID);
    if (typeof email !== 'string' || !email.includes('@') || email.length > 254 || emailVerified !== true) {
      throw unauthorized(GOOGLE_EMAIL_UNVERIFIED);
    }
    return { sub, email: email.toLowerCase(), name: typeof name === 'string' ? name : '' };
  };
}

/** Letters, digits, dots and underscores only; accents dropped; no separator at either end. */
function usernameText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.]+/g, '')
    .replace(/([_.])[_.]+/g, '$1')
    .replace(/^[_.]+|[_.]+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/[_.]+$/, '');
}

/**
 * The username a new Google member starts with: their Google name without spaces or symbols
 * ('Ada Lovelace' -> 'AdaLovelace'), else the e-mail's local part without a +tag, else 'member'.
 * It may be shorter than the minimum; `usernameCandidate` then always appends digits.
 */
export function usernameBase(name: string, email: string): string {
  const fromName = usernameText(name);
  if (fromName.length >= USERNAME_MIN) return fromName;
  const fromEmail = usernameText(email.split('@')[0]!.split('+')[0]!);
  if (fromEmail.length >= USERNAME_MIN) return fromEmail;
  return fromName || fromEmail || 'member';
}

/** Attempt 0 is the base itself; later attempts append random digits, more as attempts grow. */
export function usernameCandidate(base: string, attempt: number, random: () => number = Math.random): string | null {
  if (attempt === 0) return base.length >= USERNAME_MIN ? base : null;
  const width = attempt <= 3 ? 2 : attempt <= 6 ? 4 : 6;
  const digits = String(Math.floor(random() * 10 ** width)).padStart(width, '0');
  return `${base.slice(0, USERNAME_MAX - width)}${digits}`;
}

const MAX_USERNAME_ATTEMPTS = 12;

export interface GoogleSignInDeps {
  clock: Clock;
  users: Pick<Members, 'usernameTaken' | 'insert' | 'findByGoogleSub' | 'findByEmail' | 'linkGoogle'>;
  media: MediaStorage;
  verify: GoogleTokenVerifier;
  /** The session of the auth service: the same token, lifetimes and session row as a password sign-in. */
  issueSession: (user: UserRow, rememberMe?: boolean, client?: SignInClient) => Promise<string>;
  random?: () => number;
}

/**
 * From a verified identity to a member: the member linked to this Google account; else the
 * member with the same (verified) e-mail address, now linked; else a new member with no
 * password (a password sign-in then gets the usual 'Invalid credentials').
 */
export function createGoogleSignIn(deps: GoogleSignInDeps) {
  const { clock, users, media } = deps;
  const random = deps.random ?? Math.random;
  const now = () => clock.now().toISOString();

  async function freeUsername(base: string): Promise<string> {
    for (let attempt = 0; attempt < MAX_USERNAME_ATTEMPTS; attempt += 1) {
      const candidate = usernameCandidate(base, attempt, random);
      if (candidate && !(await users.usernameTaken(candidate))) return candidate;
    }
    throw conflict('Could not choose a username for this Google account. Please try again.');
  }

  async function createMember(identity: GoogleIdentity): Promise<UserRow> {
    const username = await freeUsername(usernameBase(identity.name, identity.email));
    const avatarColor = AVATAR_COLORS[Math.floor(random() * AVATAR_COLORS.length)] ?? AVATAR_COLORS[0]!;
    const avatar: StoredMedia = await media.saveImage(await letterAvatarPng(username, avatarColor), 'png');
    try {
      return await users.insert({
        id: newId(),
        authId: newId(),
        username,
        email: identity.email,
        passwordHash: null,
        role: 'USER',
        avatarColor,
        avatarImage: avatar.url,
        googleSub: identity.sub,
        now: now(),
      });
    } catch (error) {
      await media.discardImage(avatar, 'png');
      throw error;
    }
  }

  async function findOrCreate(identity: GoogleIdentity): Promise<UserRow> {
    const linked = await users.findByGoogleSub(identity.sub);
    if (linked) return linked;
    const sameEmail = await users.findByEmail(identity.email);
    if (sameEmail) {
      if (sameEmail.google_sub !== null) throw conflict(GOOGLE_ACCOUNT_CONFLICT);
      const updated = await users.linkGoogle(sameEmail.id, identity.sub, now());
      if (updated) return updated;
      throw Object.assign(new Error('linked concurrently'), { retry: true });
    }
    return createMember(identity);
  }

  /**
   * Two first sign-ins of one person can race (two tabs): the loser of a unique index or of the
   * conditional link looks again and finds what the winner made.
   */
  async function resolve(identity: GoogleIdentity): Promise<UserRow> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await findOrCreate(identity);
      } catch (error) {
        const raced = (error as { retry?: boolean }).retry === true || uniqueViolation(error) !== null;
        if (!raced || attempt >= 2) throw error;
      }
    }
  }

  return {
    async signIn(idToken: string, rememberMe = false, client?: SignInClient): Promise<SignedIn> {
      const identity = await deps.verify(idToken);
      const user = await resolve(identity);
      // Banned members sign in too, as with a password: the answer says isBanned and the checkpoint follows.
      return { user, token: await deps.issueSession(user, rememberMe, client) };
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

/** Google sign-in as the config allows it: null (501) without FIREBASE_PROJECT_ID. */
export function googleSignInFromConfig(
  config: Pick<Config, 'firebase' | 'googleJwksUrl'>,
  deps: Omit<GoogleSignInDeps, 'verify'> & { log?: Pick<FastifyBaseLogger, 'warn'> },
): GoogleSignIn | null {
  if (!config.firebase) return null;
  const verify = createGoogleTokenVerifier({
    projectId: config.firebase.projectId,
    jwksUrl: config.googleJwksUrl,
    clock: deps.clock,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return createGoogleSignIn({ ...deps, verify });
}
