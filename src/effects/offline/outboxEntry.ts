import { dataUrlBlob } from '../../api/media/uploads';
import type { OutboxEntry, OutboxHandOff } from '../../machines/offline/outbox.types';

/** A screen's hand-off as the outbox keeps it: an image's data URL becomes its bytes. */
export function entryOf(handOff: OutboxHandOff): OutboxEntry {
  if (!('image' in handOff.payload)) return handOff as OutboxEntry;
  const image = handOff.payload.image ? dataUrlBlob(handOff.payload.image) : null;
  return { ...handOff, payload: { ...handOff.payload, image } } as OutboxEntry;
}
