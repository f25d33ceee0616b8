import { fromCallback, type EventObject } from 'xstate';
import { serverEvents } from '../../api/socket';
import type { PeopleEvent } from '../../machines/people/people.machine';
import type { Bus, BusMessage } from '../shell/socket';

// Apart from ./people: the streams' right column follows presence and follows with this alone,
// without the profile and settings machines.

/** Bus messages as events of the people machine. */
export function peopleEventOf(message: BusMessage): PeopleEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'people.reconnected' };
    case 'following':
      return { type: 'people.following', userId: message.userId, following: message.following };
    case serverEvents.userOnline:
      return { type: 'people.presence', userId: message.payload.userId, online: message.payload.online };
    default:
      return null;
  }
}

export const livePeopleActor = (bus: Bus) =>
  fromCallback<EventObject>(({ sendBack }) =>
    bus.subscribe((message) => {
      const event = peopleEventOf(message);
      if (event) sendBack(event);
    }),
  );
