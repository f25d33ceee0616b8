import { adminLogic } from '../../effects/admin/admin';
import { areaLogic } from '../shared/areaLogic';

/** The admin pages' machines with their effects; tests provide fakes through the provider. */
export const { Provider: AdminLogicProvider, useLogic: useAdminLogic } = areaLogic((app) => adminLogic(app));
