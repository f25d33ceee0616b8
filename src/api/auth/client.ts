import type { $Fetch } from 'ofetch';
import type { SignInAnswer } from '../account/twoFactor';
import { authPaths as paths } from './paths';
import type {
  AdminSignInBody,
  AdminSignUpBody,
  AuthResponse,
  CheckUserResponse,
  ForgotPasswordBody,
  MessageResponse,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  UpdateCurrentUserBody,
} from './schemas';

/** A call's own token (e.g. the user check right after sign-in, before storing) instead of the stored one. */
const bearer = (token?: string) => (token ? { Authorization: `Bearer ${token}` } : undefined);

/** The Auth API part of the typed client: sign-up, sign-in and out, the current user, password resets, admins. */
export function createAuthApi(http: $Fetch) {
  return {
    auth: {
      signUp: (body: SignUpBody) => http<AuthResponse>(paths.auth.signup, { method: 'POST', body }),
      signIn: (body: SignInBody) => http<SignInAnswer>(paths.auth.signin, { method: 'POST', body }),
      /** GET /signout; `token` ends that session even when storage was already cleared. */
      signOut: (token?: string) => http<MessageResponse>(paths.auth.signout, { headers: bearer(token) }),
      currentUser: () => http<AuthResponse>(paths.auth.currentUser),
      updateCurrentUser: (body: UpdateCurrentUserBody) => http<AuthResponse>(paths.auth.currentUser, { method: 'PUT', body }),
      checkUser: (authId: string, token?: string) =>
        http<CheckUserResponse>(paths.auth.checkUser(authId), { method: 'POST', headers: bearer(token) }),
      forgotPassword: (body: ForgotPasswordBody) => http<MessageResponse>(paths.auth.forgotPassword, { method: 'POST', body }),
      resetPassword: (token: string, body: ResetPasswordBody) =>
        http<MessageResponse>(paths.auth.resetPassword(token), { method: 'POST', body }),
      adminSignUp: (body: AdminSignUpBody) => http<AuthResponse>(paths.auth.adminSignup, { method: 'POST', body }),
      adminSignIn: (body: AdminSignInBody) => http<SignInAnswer>(paths.auth.adminSignin, { method: 'POST', body }),
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
