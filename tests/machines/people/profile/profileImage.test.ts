import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  NOT_AN_IMAGE,
  profileImageMachine,
  UPLOAD_FAILED,
  type ProfileImageContext,
} from '../../../../src/machines/people/profile/profileImage.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { PNG } from './profileFixtures';
import { noMessage, profileImageModel, serialize, uploaded } from './profileImage.model';

const coverage = new TransitionCoverage(profileImageMachine);

describe('profileImage machine', () => {
  beforeEach(() => void vi.useFakeTimers());

  for (const { label, options } of profileImageModel.covers) {
    const input = options.input as { kind: 'profile' | 'background'; dataUrl: string };
    describe(label, () => {
      const paths = pathsOf(profileImageModel, label);
      it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
        const toasts: { type: string; description: string }[] = [];
        const uploads: unknown[] = [];
        await replay(profileImageMachine, path, {
          input,
          coverage,
          serialize: serialize as never,
          provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
          afterStep: (step, actor) => {
            const snapshot = actor.getSnapshot() as unknown as {
              context: ProfileImageContext;
              output?: unknown;
              matches(v: string): boolean;
            };
            const c = snapshot.context;
            const e = step.event as ModelEvent;
            if (e.type === 'profileImage.choose') {
              expect(c.preview).toBe(e.dataUrl === PNG ? PNG : '');
              expect(c.error).toBe(e.dataUrl === PNG ? null : NOT_AN_IMAGE);
            }
            if (e.type === 'profileImage.save' && c.preview === '') expect(snapshot.matches('previewing')).toBe(true);
            if (snapshot.matches('uploading')) uploads.push(c.preview);
            if (e.type === 'xstate.error.actor.uploadImage') {
              const expected = e.error === noMessage ? UPLOAD_FAILED : 'Image is too large: the limit is 10 MB';
              expect(toasts.at(-1)).toEqual({ type: 'error', description: expected });
              // The preview stays for another try.
              expect(c.preview).toBe(PNG);
            }
            if (e.type === 'xstate.done.actor.uploadImage') expect(snapshot.output).toEqual({ profile: uploaded });
            if (e.type === 'profileImage.cancel') expect(snapshot.output).toEqual({ profile: null });
          },
        });
        // Only images ever go out.
        expect(uploads.every((image) => image === PNG)).toBe(true);
      });
    });
  }

  it('uploads the picked image with its kind', async () => {
    vi.useRealTimers();
    const seen: unknown[] = [];
    const machine = profileImageMachine.provide({
      actors: {
        uploadImage: fromPromise(async ({ input }) => {
          seen.push(input);
          return { message: 'ok', user: uploaded };
        }),
      },
    });
    const actor = createActor(machine, { input: { kind: 'background', dataUrl: PNG } }).start();
    actor.send({ type: 'profileImage.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(seen).toEqual([{ kind: 'background', image: PNG }]);
    expect(actor.getSnapshot().output).toEqual({ profile: uploaded });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('profileImage', stateCount(profileImageMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
