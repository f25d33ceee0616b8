import type { InspectionEvent } from 'xstate';

/**
 * The event journal (ARCHITECTURE.md, "event-sourced"): every event any actor receives,
 * with time, actor and payload, in a bounded ring. Pass `journal.inspect` as the `inspect`
 * option of every actor the app starts (the app actor and each screen's useActorRef).
 */
export interface JournalEntry {
  at: number;
  actor: string;
  type: string;
  event: Record<string, unknown>;
}

const CAPACITY = 2000;
const entries: JournalEntry[] = [];

export const journal = {
  inspect(inspection: InspectionEvent) {
    if (inspection.type !== '@xstate.event') return;
    const { event, actorRef } = inspection;
    entries.push({ at: Date.now(), actor: (actorRef as { id?: string }).id ?? actorRef.sessionId, type: event.type, event: { ...event } });
    if (entries.length > CAPACITY) entries.splice(0, entries.length - CAPACITY);
  },
  entries: (): readonly JournalEntry[] => entries,
  clear() {
    entries.length = 0;
  },
};
