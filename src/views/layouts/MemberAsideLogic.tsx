import { memberAsideLogic } from '../../effects/people/memberAside';
import { areaLogic } from '../shared/areaLogic';

/** The member aside's machine with its effects; tests provide a fake through the provider. */
export const { Provider: MemberAsideLogicProvider, useLogic: useMemberAsideLogic } = areaLogic((app) => memberAsideLogic({ app }));
