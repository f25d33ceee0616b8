import { guardLogic } from '../../effects/session/guard';
import { areaLogic } from '../shared/areaLogic';

/** The member and admin areas' guard with its effects; tests provide a fake through the provider. */
export const { Provider: GuardLogicProvider, useLogic: useGuardLogic } = areaLogic((app) => guardLogic(app));
