import { authLogic } from '../../effects/auth/auth';
import { areaLogic } from '../shared/areaLogic';

/** The sign-in and sign-up machines with their effects; tests provide fakes through the provider. */
export const { Provider: AuthLogicProvider, useLogic: useAuthLogic } = areaLogic(authLogic);
