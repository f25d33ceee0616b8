import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { Profile, ProfileUpdateResponse } from '../../../api/users';
import { failureText } from '../../shared/failure';
import type { ToastRequest } from '../../shell/toastRequest';

/** Which of the owner's two pictures: the profile picture or the banner's cover. */
export type ProfileImageKind = 'profile' | 'background';

export type ProfileImageEvent =
  /** A file was picked and read as a data URL. */
  { type: 'profileImage.choose'; dataUrl: string } | { type: 'profileImage.save' } | { type: 'profileImage.cancel' };

export interface ProfileImageContext {
  kind: ProfileImageKind;
  /** The chosen image as a data URL (the preview); '' when the last pick was not an image. */
  preview: string;
  error: string | null;
  /** The owner's profile once the server took the picture. */
  profile: Profile | null;
}

export const UPLOAD_FAILED = 'Error uploading image';
export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, GIF or WebP).';

// The server decides by the bytes; this only catches a picked PDF or text file before it travels.
const isImageUrl = (dataUrl: string) => /^data:image\/[\w.+-]+;base64,/.test(dataUrl);
const picked = (dataUrl: string) => (isImageUrl(dataUrl) ? { preview: dataUrl, error: null } : { preview: '', error: NOT_AN_IMAGE });

/**
 * One change of the owner's profile picture or cover: the picked file shows as a preview, Save
 * uploads it (POST /images/{kind}, then PUT /user/profile/images; one effect), Cancel drops it.
 * A refusal keeps the preview for another try and shows the server's message as an error toast
 * ('Error uploading image' when it sends none). Ends with the updated profile, or none.
 */
export const profileImageMachine = setup({
  types: {
    context: {} as ProfileImageContext,
    events: {} as ProfileImageEvent,
    input: {} as { kind: ProfileImageKind; dataUrl: string },
    output: {} as { profile: Profile | null },
  },
  actors: {
    uploadImage: requiredPromise<ProfileUpdateResponse, { kind: ProfileImageKind; image: string }>('uploadImage'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
  },
  guards: {
    hasImage: ({ context }) => context.preview !== '',
  },
}).createMachine({
  id: 'profileImage',
  context: ({ input }) => ({ kind: input.kind, profile: null, ...picked(input.dataUrl) }),
  initial: 'previewing',
  output: ({ context }) => ({ profile: context.profile }),
  states: {
    previewing: {
      on: {
        'profileImage.choose': { actions: assign(({ event }) => picked(event.dataUrl)) },
        'profileImage.save': { guard: 'hasImage', target: 'uploading', actions: assign({ error: null }) },
        'profileImage.cancel': 'cancelled',
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => ({ kind: context.kind, image: context.preview }),
        onDone: { target: 'saved', actions: assign({ profile: ({ event }) => event.output.user }) },
        onError: {
          target: 'previewing',
          actions: [
            assign({ error: ({ event }) => failureText(event.error, UPLOAD_FAILED) }),
            {
              type: 'showToast',
              params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, UPLOAD_FAILED) }),
            },
          ],
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type ProfileImageActorRef = ActorRefFrom<typeof profileImageMachine>;
export type ProfileImageSnapshot = SnapshotFrom<typeof profileImageMachine>;
