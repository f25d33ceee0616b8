import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config';

/** `Algorithm.Argon2id` of @node-rs/argon2; its enum is `const`, which isolatedModules cannot import. */
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

export function createPasswordHasher(params: Config['passwordHashing']): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        // A malformed stored hash is a wrong password, not a crash.
        return false;
      }
    },
    async verifyNothing(password) {
      dummy ??= hash('not a real password', options);
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}
