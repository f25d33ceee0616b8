/**
 * Client ids of sends (docs/api.md, "Idempotent sends"). A machine makes one when the member
 * presses Send and keeps it in its context, so every retry of that send carries it. The id is the
 * machine's seed (a random UUID its input brings) with the send's number in its last 12 hex
 * digits: unique per send, and a pure function of context, so a model test with a fixed seed
 * predicts every id.
 */
export const clientIdOf = (seed: string, n: number): string => `${seed.slice(0, 24)}${n.toString(16).padStart(12, '0')}`;

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page not served over https). */
export function randomClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
