import { peopleLogic } from '../../effects/people/people';
import { areaLogic } from '../shared/areaLogic';

/** The people, profile and settings machines with their effects; tests provide fakes through the provider. */
export const { Provider: PeopleLogicProvider, useLogic: usePeopleLogic } = areaLogic((app) => peopleLogic(app));
