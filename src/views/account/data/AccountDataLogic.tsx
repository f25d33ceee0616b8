import { accountDataLogic } from '../../../effects/account/accountData';
import { areaLogic } from '../../shared/areaLogic';

/** The "Your data" machine with its effects; tests provide fakes through the provider. */
export const { Provider: AccountDataLogicProvider, useLogic: useAccountDataLogic } = areaLogic((app) => accountDataLogic(app));
