import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  linkErrors,
  LINKS_FAILED,
  profileLinksMachine,
  type ProfileLinksContext,
} from '../../../../src/machines/people/profile/profileLinks.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { empty, input, profileLinksModel, saved, serialize } from './profileLinks.model';

const coverage = new TransitionCoverage(profileLinksMachine);

describe('profileLinks machine', () => {
  const paths = pathsOf(profileLinksModel, 'all transitions');
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
