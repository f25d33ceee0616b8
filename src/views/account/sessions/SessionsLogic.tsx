import { accountSessionsLogic } from '../../../effects/account/sessions';
import { areaLogic } from '../../shared/areaLogic';

/** The sessions machine with its effects; tests provide fakes through the provider. */
export const { Provider: SessionsLogicProvider, useLogic: useSessionsLogic } = areaLogic((app) => accountSessionsLogic(app));
