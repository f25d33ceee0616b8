import { passwordResetLogic } from '../../effects/auth/passwordReset';
import { areaLogic } from '../shared/areaLogic';

/**
 * The password reset pages' machines, apart from the sign-in page's so that neither page loads
 * the other's; tests provide fakes through the provider.
 */
export const { Provider: PasswordResetLogicProvider, useLogic: usePasswordResetLogic } = areaLogic(() => passwordResetLogic());
