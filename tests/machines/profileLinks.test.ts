import { beforeEach, describe, expect, it, vi } from 'vitest';
import { linkErrors, LINKS_FAILED, profileLinksMachine, type ProfileLinksContext } from '../../src/machines/profileLinks.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';
import { ownProfile } from './profileFixtures';

const empty = { facebook: '', instagram: '', twitter: '', youtube: '' };
const saved = ownProfile({ social: { ...empty, youtube: 'https://youtube.com/@ben' } });

const serialize = (snapshot: { value: unknown; status: string; context: unknown; output?: unknown }) => {
  const c = snapshot.context as ProfileLinksContext;
  return JSON.stringify({ value: snapshot.value, status: snapshot.status, draft: c.draft, errors: c.errors, error: c.error, output: snapshot.output ?? null });
};

const model = {
  serialize,
  events: [
    { type: 'links.change', network: 'youtube', value: 'https://youtube.com/@ben' },
    { type: 'links.change', network: 'youtube', value: 'youtube.com/@ben' },
    { type: 'links.change', network: 'facebook', value: 'javascript:alert(1)' },
    { type: 'xstate.done.actor.saveLinks', output: { message: 'Social links updated', user: saved } },
    { type: 'xstate.error.actor.saveLinks', error: refused('Too many requests, please try again later', 429) },
    { type: 'xstate.error.actor.saveLinks', error: new TypeError('Failed to fetch') },
  ] as ModelEvent[],
  // The facebook link is tried once, on the form as it opened, so the model stays small.
  filter: (snapshot: { context: unknown }, event: ModelEvent) =>
    event.type !== 'links.change' || event.network !== 'facebook' || (snapshot.context as ProfileLinksContext).draft.youtube === '',
};

const coverage = new TransitionCoverage(profileLinksMachine);

describe('profileLinks machine', () => {
  const input = { links: empty };
  const paths = coverPaths(profileLinksMachine, { ...model, input } as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const sent: unknown[] = [];
    await replay(profileLinksMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: ProfileLinksContext; output?: unknown; matches(v: string): boolean };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'links.submit') {
          if (snapshot.matches('saving')) sent.push(c.draft);
          // A refused link names its network, in the contract's words.
          else expect(c.errors).toEqual(linkErrors(c.draft));
        }
        if (e.type === 'links.change') expect(c.errors[e.network as keyof typeof c.errors]).toBeUndefined();
        if (e.type === 'xstate.error.actor.saveLinks') {
          expect(c.error).toBe(e.error instanceof TypeError ? 'Failed to fetch' : 'Too many requests, please try again later');
          expect(snapshot.matches('editing')).toBe(true);
        }
        if (e.type === 'xstate.done.actor.saveLinks') expect(snapshot.output).toEqual({ profile: saved });
        if (e.type === 'links.cancel') expect(snapshot.output).toEqual({ profile: null });
      },
    });
    for (const draft of sent) expect(linkErrors(draft as typeof empty)).toEqual({});
  });

  it('reads the contract: an address without http(s) and a script address are refused', () => {
    expect(linkErrors({ ...empty, youtube: 'youtube.com/@ben' })).toEqual({ youtube: 'YouTube link must be an http(s) URL' });
    expect(linkErrors({ ...empty, facebook: 'javascript:alert(1)' })).toEqual({ facebook: 'Facebook link must be an http(s) URL' });
    expect(linkErrors({ ...empty, twitter: 'https://x.com/ben' })).toEqual({});
    expect(LINKS_FAILED).toMatch(/try again/);
  });

  it('covers every transition', () => {
    console.log(coverage.summary('profileLinks', stateCount(profileLinksMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
