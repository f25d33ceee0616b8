import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ADMIN_PAGE_SIZE } from '../../../src/api/moderation';
import { adminListMachine } from '../../../src/machines/admin/adminList.machine';
import { canBan, pageCount } from '../../../src/machines/admin/adminList.connect';
import type { AdminPage } from '../../../src/machines/admin/adminLists';
import { adminUser, banned } from './adminFixtures';

describe('the admin lists', () => {
  it('ban only members who are not admins and not banned already', () => {
    const member = adminUser('u1', 'bob');
    expect(canBan(member)).toBe(true);
    expect(canBan(banned(member))).toBe(false);
    expect(canBan(adminUser('a2', 'root2', { role: 'ADMIN' }))).toBe(false);
  });

  it('count the pages from the total once it is known (at least one)', async () => {
    const answer = (total: number): AdminPage => ({ items: [], page: 1, hasMore: false, total });
    const list = (total: number) =>
      createActor(adminListMachine.provide({ actors: { fetchPage: fromPromise(async () => answer(total)) } }), {
        input: { kind: 'users' },
      }).start();
    expect(pageCount(list(0).getSnapshot())).toBeNull();
    expect(pageCount(await waitFor(list(0), (s) => s.matches({ data: 'ready' })))).toBe(1);
    expect(pageCount(await waitFor(list(ADMIN_PAGE_SIZE + 1), (s) => s.matches({ data: 'ready' })))).toBe(2);
  });
});
