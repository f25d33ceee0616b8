/**
 * What the member is writing that a reload would lose: each open composer and each chat draft
 * not sent holds a key here while it is open (src/views/offline/useDraftHold.ts). The update
 * effect (./appUpdate.ts) tells the update machine whether any is held, so "A new version of
 * Stoa is ready · Reload" waits until the member has sent, saved or dropped what they wrote.
 * Later parts (the outbox) may read it too.
 */
type Listener = (open: boolean) => void;

export function createDrafts() {
  const held = new Set<string>();
  const listeners = new Set<Listener>();
  const tell = () => {
    for (const listener of [...listeners]) listener(held.size > 0);
  };
  return {
    hold(key: string) {
      const was = held.size > 0;
      held.add(key);
      if (!was) tell();
    },
    release(key: string) {
      if (!held.delete(key) || held.size > 0) return;
      tell();
    },
    get open() {
      return held.size > 0;
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type Drafts = ReturnType<typeof createDrafts>;

/** The app's one registry of open drafts. */
export const drafts = createDrafts();
