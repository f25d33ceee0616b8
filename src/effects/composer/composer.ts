import { fromPromise, type AnyActorLogic } from 'xstate';
import type { Post } from '../../api/posts';
import {
  composerMachine,
  goesThroughOutbox,
  type MediaKind,
  type PickedFile,
  type PublishRequest,
} from '../../machines/composer/composer.machine';
import { queuedBehindOutbox } from '../offline/queuedBehind';
import { QueuedBehind } from '../../machines/offline/outbox.handoff';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { videoPosterOf } from './videoPoster';
import { createStreamsApi } from '../../api/posts/client';

const api = clientOf(createStreamsApi);

/** The poster (first frame) of a video the member attached, when the browser could draw one. */
const posterPart = async (video: string | undefined, poster: (video: string) => Promise<Blob | null>) => {
  const drawn = video ? await poster(video) : null;
  return drawn ? { poster: drawn } : {};
};

/**
 * The calls of the composer, through the typed client (src/api/posts/client.ts). A video goes
 * with its poster, drawn by this browser (./videoPoster.ts), when there is one.
 */
export async function publish(request: PublishRequest, client = api, poster = videoPosterOf): Promise<Post> {
  switch (request.kind) {
    case 'createPost':
      return (await client.posts.create(request.body)).post;
    case 'createImagePost':
      return (await client.posts.createImage(request.body)).post;
    case 'createVideoPost':
      return (await client.posts.createVideo({ ...request.body, ...(await posterPart(request.body.video, poster)) })).post;
    case 'createQuestion':
      return (await client.questions.create(request.body)).post;
    case 'createGroupPost':
      return (await client.posts.createInGroup(request.groupId, { ...request.body, ...(await posterPart(request.body.video, poster)) }))
        .post;
    case 'updatePost':
      return (await client.posts.update(request.postId, request.body)).post;
    case 'updateImagePost':
      return (await client.posts.updateImage(request.postId, request.body)).post;
    case 'updateVideoPost':
      return (await client.posts.updateVideo(request.postId, { ...request.body, ...(await posterPart(request.body.video, poster)) })).post;
  }
}

/** Reads a picked file as a base64 data URL (the contract's upload shape). */
export function readAsDataUrl(file: PickedFile): Promise<string> {
  if (!(file instanceof Blob)) return Promise.reject(new Error('The file could not be read'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The file could not be read')));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export const composerActors = {
  publish: fromPromise<Post, PublishRequest>(({ input }) => publish(input)),
  deletePost: fromPromise<{ postId: string }, { postId: string }>(async ({ input }) => {
    const answer = await api.posts.remove(input.postId);
    return { postId: answer.postId };
  }),
  readMedia: fromPromise<string, { file: PickedFile; kind: MediaKind }>(async ({ input }) => {
    const dataUrl = await readAsDataUrl(input.file);
    // The poster is drawn while the member writes; publishing this video waits for it.
    if (input.kind === 'video') void videoPosterOf(dataUrl);
    return dataUrl;
  }),
};

/**
 * Publishing, unless a send of the member's still waits in the outbox: then a new post or question
 * goes behind it (QueuedBehind: the machine hands it to the outbox), so nothing overtakes it.
 */
const publishAfterOutbox = (app: HasSystem) =>
  fromPromise<Post, PublishRequest>(({ input }) => {
    if (goesThroughOutbox(input) && queuedBehindOutbox(app)) return Promise.reject(new QueuedBehind());
    return publish(input);
  });

/**
 * The composer with its effects, bound to one app actor (toasts go to the app's queue, a send
 * that found no server to its outbox). Tests hand in fake actors through `actors`.
 */
export function composerLogic(app: HasSystem, actors: Partial<Record<keyof typeof composerActors, AnyActorLogic>> = {}) {
  const bridge = bridgeActions(app);
  return composerMachine.provide({
    actors: { ...composerActors, publish: publishAfterOutbox(app), ...actors } as typeof composerActors,
    actions: { showToast: bridge.showToast, toOutbox: bridge.toOutbox },
  });
}
export type ComposerLogic = ReturnType<typeof composerLogic>;
