import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../src/api/users';
import { isMe, ownsSettings } from '../../../src/machines/people/people.connect';
import { mayOpenTab, showsAboutCard } from '../../../src/machines/people/profile/profile.connect';

const owner = { isOwner: true } as Profile;
const visitor = { isOwner: false } as Profile;

describe('what a member may do on people pages', () => {
  it("no Follow on oneself, and only one's own settings", () => {
    expect(isMe('u1', { _id: 'u1' })).toBe(true);
    expect(isMe('u1', { _id: 'u2' })).toBe(false);
    expect(isMe('u1', null)).toBe(false);
    expect(ownsSettings({ username: 'ada' }, 'ada')).toBe(true);
    expect(ownsSettings({ username: 'ada' }, 'bob')).toBe(false);
  });

  it("the owner's tabs are the owner's; empty about cards are shown to the owner only", () => {
    expect(mayOpenTab(owner, 'password')).toBe(true);
    expect(mayOpenTab(visitor, 'password')).toBe(false);
    expect(mayOpenTab(visitor, 'notifications')).toBe(false);
    expect(mayOpenTab(visitor, 'timeline')).toBe(true);
    expect(showsAboutCard(owner, false)).toBe(true);
    expect(showsAboutCard(visitor, false)).toBe(false);
    expect(showsAboutCard(visitor, true)).toBe(true);
  });
});
