import type { ApiClient } from '../../api/client';
import type { HasSystem } from '../shell/bridge';
import type { Bus } from '../shell/socket';
import { groupLogic } from './group';
import { createGroupLogic, groupsLogic } from './groups';

export interface GroupsAreaDeps {
  api?: ApiClient;
  bus?: Bus;
}

/** Every machine of the groups area with its real effects, bound to one app actor (tests pass fakes in `deps`). */
export function groupsAreaLogic(app: HasSystem, deps: GroupsAreaDeps = {}) {
  return {
    groups: groupsLogic(app, deps),
    group: groupLogic(app, deps),
    createGroup: createGroupLogic(app, deps),
  };
}
export type GroupsAreaLogic = ReturnType<typeof groupsAreaLogic>;
