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
  const fallback = async (error: unknown) => {
    const kept = await recallCopy<T>(slot.member, slot.kind, slot.id);
    if (!kept) throw error;
    return mark(kept.value, kept.savedAt);
  };
  if (!browserOnline()) return fallback(offlineFailure());
  let value: T;
  try {
    value = await load();
  } catch (error) {
    if (unreachable(error)) return fallback(error);
    throw error;
  }
  void keepCopy(slot.member, slot.kind, slot.id, bound(value));
  return value;
}
