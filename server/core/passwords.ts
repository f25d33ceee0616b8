import type { Config } from '../config';
import { lazyModule } from '../lazyModule';

// Loaded by the first password hashed or checked (a sign-in, a sign-up), not at start: a native addon,
// about 3.5 MiB of RSS that a process signing no one in by password does not hold (lazyModule.ts).
const loadArgon2 = lazyModule<typeof import('@node-rs/argon2')>('@node-rs/argon2');

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
    hash: (password) => loadArgon2().hash(password, options),
    async verify(hashed, password) {
      // Loaded outside the try: a missing addon is the server's error, not a wrong password.
      const argon2 = loadArgon2();
      try {
        return await argon2.verify(hashed, password);
      } catch {
        // A malformed stored hash is a wrong password, not a crash.
        return false;
      }
    },
    async verifyNothing(password) {
      dummy ??= hasher.hash('not a real password');
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}
