import type { Services } from '../http/app';
import { accountDataArea } from './accountData/plugin';
import type { AreaContext, AreaParts, AreaPlugin } from './areaPlugin';
import { authArea } from './auth/plugin';
import { chatArea } from './chat/plugin';
import { commentsArea } from './comments/plugin';
import { followsArea } from './follows/plugin';
import { groupsArea } from './groups/plugin';
import { mediaArea } from './media/plugin';
import { moderationArea } from './moderation/plugin';
import { notificationsArea } from './notifications/plugin';
import { postsArea } from './posts/plugin';
import { questionsArea } from './questions/plugin';
import { reactionsArea } from './reactions/plugin';
import { savedArea } from './saved/plugin';
import { searchArea } from './search/plugin';
import { sendsArea } from './sends/plugin';
import { twoFactorArea } from './twoFactor/plugin';
import { profilesArea, usersArea } from './users/plugin';

/**
 * Every area of the server, the one way they are registered. Routes are registered in this
 * order; each area is built after the areas it depends on.
 */
export const AREAS: readonly AreaPlugin[] = [
  usersArea,
  sendsArea,
  twoFactorArea,
  authArea,
  postsArea,
  questionsArea,
  reactionsArea,
  commentsArea,
  savedArea,
  followsArea,
  groupsArea,
  mediaArea,
  chatArea,
  profilesArea,
  moderationArea,
  notificationsArea,
  searchArea,
  accountDataArea,
];

/** The areas in an order that builds each after its dependencies (otherwise the list's order). */
export function buildOrder(areas: readonly AreaPlugin[]): AreaPlugin[] {
  const names = new Set(areas.map((area) => area.name));
  if (names.size !== areas.length) throw new Error('two areas share a name');
  for (const area of areas) {
    const unknown = area.dependencies.filter((name) => !names.has(name));
    if (unknown.length > 0) throw new Error(`area ${area.name} depends on unknown ${unknown.join(', ')}`);
  }
  const built = new Set<string>();
  const order: AreaPlugin[] = [];
  while (order.length < areas.length) {
    const next = areas.find((area) => !built.has(area.name) && area.dependencies.every((name) => built.has(name)));
    if (!next)
      throw new Error(
        `areas depend on each other in a circle: ${areas
          .filter((area) => !built.has(area.name))
          .map((area) => area.name)
          .join(', ')}`,
      );
    order.push(next);
    built.add(next.name);
  }
  return order;
}

/** Builds every area; `parts` come back in the list's order (the order routes are registered in). */
export function buildAreas(
  context: AreaContext,
  base: Partial<Services>,
  areas: readonly AreaPlugin[] = AREAS,
): { services: Services; parts: AreaParts[] } {
  const services = { ...base } as Services;
  const parts = new Map<string, AreaParts>();
  for (const area of buildOrder(areas)) {
    const built = area.build(context, services);
    Object.assign(services, built.services);
    parts.set(area.name, built);
  }
  return { services, parts: areas.map((area) => parts.get(area.name)!) };
}
