import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Profile } from '../../../../src/api/users';
import { PROFILE_TABS, profileMachine } from '../../../../src/machines/people/profile/profile.machine';
import { isBlockAsked, mayOpenTab, selectProfile, selectTab } from '../../../../src/machines/people/profile/profile.connect';
import { ownProfile, profile } from './profileFixtures';

async function loaded(user: Profile) {
  const fetchProfile = fromPromise(async () => ({ user }));
  const actor = createActor(profileMachine.provide({ actors: { fetchProfile } as never }), { input: { userId: user._id } }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return actor;
}

describe('a profile page, as it reads the profile machine', () => {
  it("offers the owner's tabs to the owner only, as the machine's guard does", async () => {
    for (const user of [profile(), ownProfile()]) {
      const s = (await loaded(user)).getSnapshot();
      const shown = selectProfile(s);
      expect(shown).not.toBeNull();
      for (const tab of PROFILE_TABS) {
        if (tab === selectTab(s)) continue;
        expect(mayOpenTab(shown as Profile, tab)).toBe(s.can({ type: 'profile.tab', tab }));
      }
    }
  });

  it('asks before blocking a member, until the visitor cancels', async () => {
    const actor = await loaded(profile());
    expect(isBlockAsked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'profile.askBlock' });
    expect(isBlockAsked(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'profile.cancelBlock' });
    expect(isBlockAsked(actor.getSnapshot())).toBe(false);
  });
});
