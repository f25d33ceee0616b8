import { twoFactorLogic } from '../../../effects/account/twoFactor';
import { areaLogic } from '../../shared/areaLogic';

/** The two-factor section's machine with its effects; tests hand in fakes through the provider. */
export const { Provider: TwoFactorLogicProvider, useLogic: useTwoFactorLogic } = areaLogic(() => twoFactorLogic());
