import type { $Fetch } from 'ofetch';
import type { SignedIn, TwoFactorSignInBody } from './twoFactor';

/** POST {challenge, code}: the second step of a password sign-in; answers a session. */
export const TWO_FACTOR_SIGN_IN_PATH = '/signin/two-factor';

/**
 * The one two-factor call of the sign-in page, apart from the Settings calls (./client.ts): the
 * light sign-in page's client (src/api/http.ts) takes this alone, so `base` carries neither the
 * Settings calls nor the account area's other paths (docs/client-shell.md, "Weight").
 */
export function createTwoFactorSignInApi(http: $Fetch) {
  return {
    twoFactor: {
      signIn: (body: TwoFactorSignInBody) => http<SignedIn>(TWO_FACTOR_SIGN_IN_PATH, { method: 'POST', body }),
    },
  };
}
