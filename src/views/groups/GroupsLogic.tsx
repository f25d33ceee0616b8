import { groupsAreaLogic } from '../../effects/groups/area';
import { areaLogic } from '../shared/areaLogic';

/** The groups area's machines with their effects (groups list, one group's page, create group); tests provide fakes through the provider. */
export const { Provider: GroupsLogicProvider, useLogic: useGroupsLogic } = areaLogic(groupsAreaLogic);
