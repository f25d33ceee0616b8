import { expect } from 'vitest';
import type { TestApp } from './harness';
import { ok, type Member } from './social';

/** Helpers of the moderation tests (server/modules/moderation). */

/** A well-formed id nobody has. */
export const MISSING = '0190a5f0-0000-7000-8000-000000000000';

export const banMember = (t: TestApp, admin: Member, target: Member, reason = 'Spamming the streams') =>
  ok(t, admin, 'POST', '/admin/banuser', { userId: target.id, reason });

export const unbanMember = (t: TestApp, admin: Member, target: Member) => ok(t, admin, 'POST', '/admin/unbanuser', { userId: target.id });

/** Sets the app's clock (TestClock) to this instant; time then runs on from it. */
export function setClock(t: TestApp, iso: string): void {
  t.clock.offsetMs = Date.parse(iso) - Date.now();
}

/** The audit log, newest first, as admins page it. */
export async function auditLog(t: TestApp, admin: Member) {
  const page = await ok(t, admin, 'GET', '/admin/audit/1');
  expect(page.total).toBeNull();
  return page.items as {
    action: string;
    targetType: string;
    targetId: string;
    targetLabel: string;
    reason: string;
    admin: { _id: string };
  }[];
}
