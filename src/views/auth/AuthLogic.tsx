import type { AuthFormsLogic } from '../../effects/auth/authForms';
import { providedLogic } from '../shared/areaLogic';

/**
 * The sign-in and sign-up machines with their effects, handed in by the page: the app's pages
 * with the app's API client (AppAuthLogic.tsx), the light sign-in page with the sign-in part of it
 * (src/signInEntry.tsx); tests provide fakes through the provider.
 */
export const {
  Provider: AuthLogicProvider,
  useLogic: useAuthLogic,
  useProvided: useProvidedAuthLogic,
} = providedLogic<AuthFormsLogic>('the auth forms');
