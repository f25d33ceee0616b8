import type { Role } from '../../src/api/auth';
import type { UserRow } from '../db/schema';

/**
 * Who is asking, as the database says now (not as the token said when it was issued). The auth
 * module builds it; the HTTP layer, the sockets and every area read it, so it is defined here.
 */
export interface AuthContext {
  userId: string;
  authId: string;
  username: string;
  role: Role;
  isBanned: boolean;
  sessionId: string;
  token: string;
  user: UserRow;
}

export type TokenVerifier = (token: string) => Promise<AuthContext | null>;
