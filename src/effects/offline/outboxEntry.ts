import { dataUrlBlob } from '../../api/media/uploads';
import type { OutboxEntry, OutboxHandOff } from '../../machines/offline/outbox.types';

/**
 * A screen's hand-off as the outbox keeps it: an image's data URL becomes its bytes. A module of
 * its own: every screen's bridge (effects/shell/bridge.ts) calls it, and the outbox's effects
 * would bring the whole API client to the sign-in page with it.
 */
export function entryOf(handOff: OutboxHandOff): OutboxEntry {
  if (!('image' in handOff.payload)) return handOff as OutboxEntry;
  const image = handOff.payload.image ? dataUrlBlob(handOff.payload.image) : null;
  return { ...handOff, payload: { ...handOff.payload, image } } as OutboxEntry;
}
