import type { KeptKind } from '../../api/offline/kept';
import { failureStatus } from '../../machines/shared/failure';
import { failedOnNetwork } from '../../machines/shared/sendRetry';
import { browserOnline } from './connectivity';
import { keepCopy, recallCopy } from './kept';

/**
 * What the browser would throw for a request made without a network, made without asking: the
 * machines read it as any network failure (`failedOnNetwork`), and the console stays quiet.
 */
export function offlineFailure(): Error {
  const error = new Error('You are offline');
  error.name = 'FetchError';
  return error;
}

/** No answer (offline, a dropped connection, a timeout) or the server failing: the kept copy may stand in. */
export const unreachable = (error: unknown) => failedOnNetwork(error) || (failureStatus(error) ?? 0) >= 500;

/** Where a load's kept copy lives: the member, and the copy's kind and id. */
export interface KeptSlot {
  member: string | null;
  kind: KeptKind;
  id: string;
}

/**
 * A load that the kept store answers when the server cannot be reached (or the browser is offline:
 * then nothing is asked): `recall` reads it from what is kept, and without it (null) the failure
 * stands. A 4xx is the server's answer, and stands too.
 */
export async function orKept<T>(load: () => Promise<T>, recall: () => Promise<T | null>): Promise<T> {
  const fallback = async (error: unknown) => {
    const kept = await recall();
    if (kept === null) throw error;
    return kept;
  };
  if (!browserOnline()) return fallback(offlineFailure());
  try {
    return await load();
  } catch (error) {
    if (unreachable(error)) return fallback(error);
    throw error;
  }
}

/**
 * A load with the member's kept copy behind it: each answer is kept; when the server cannot be
 * reached (or the browser is offline: then nothing is asked) the kept copy is returned instead,
 * marked with its save time by `mark`. Without a copy, the failure stands. `bound` shapes what is
 * kept of an answer (a conversation keeps only its newest messages).
 */
export async function withKept<T>(
  slot: KeptSlot,
  load: () => Promise<T>,
  mark: (kept: T, savedAt: number) => T,
  bound: (value: T) => T = (value) => value,
): Promise<T> {
  let answered = false;
  const value = await orKept(
    async () => {
      const loaded = await load();
      answered = true;
      return loaded;
    },
    async () => {
      const kept = await recallCopy<T>(slot.member, slot.kind, slot.id);
      return kept ? mark(kept.value, kept.savedAt) : null;
    },
  );
  if (answered) void keepCopy(slot.member, slot.kind, slot.id, bound(value));
  return value;
}
