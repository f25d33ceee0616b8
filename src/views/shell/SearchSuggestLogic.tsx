import { searchSuggestLogic } from '../../effects/search/searchSuggest';
import { areaLogic } from '../shared/areaLogic';

/** The header's suggestions machine with its effects; tests provide a fake through the provider. */
export const { Provider: SearchSuggestLogicProvider, useLogic: useSearchSuggestLogic } = areaLogic((app) => searchSuggestLogic(app));
