import { useMemo } from 'react';
import { peopleLogic, type PeopleLogic } from '../../effects/people';
import { useApp } from '../AppContext';

/** The people and profile machines with their real effects. */
export function usePeopleLogic(): PeopleLogic {
  const app = useApp();
  return useMemo(() => peopleLogic(app), [app]);
}

/** A member's profile address (spec: /profile/<username>?id=<_id>). */
export const memberHref = (person: { _id: string; username: string }) =>
  `/profile/${encodeURIComponent(person.username)}?${new URLSearchParams({ id: person._id })}`;
