import { searchLogic } from '../../effects/search/search';
import { areaLogic } from '../shared/areaLogic';

/** The search machine with its effects; tests provide a fake through the provider. */
export const { Provider: SearchLogicProvider, useLogic: useSearchLogic } = areaLogic((app) => searchLogic(app));
