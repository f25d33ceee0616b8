import { assign, setup, type ActorRefFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type {
  ClearBehaviorResponse,
  InterestTopic,
  PersonalizeBody,
  PersonalizeResponse,
  PersonalizeSettings,
  ProfileResponse,
} from '../../api/users';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type PersonalizeEvent =
  | { type: 'personalize.retry' }
  | { type: 'personalize.setAllow'; allow: boolean }
  | { type: 'personalize.toggleTopic'; topic: InterestTopic }
  | { type: 'personalize.clearInterests' }
  | { type: 'personalize.clearBehavior' };

export interface PersonalizeContext {
  userId: string;
  settings: PersonalizeSettings;
  /** What the server holds (restored on a refusal). */
  confirmed: PersonalizeSettings;
  error: string | null;
  message: string | null;
}

export const SETTINGS_FAILED = 'Could not load your settings. Please try again.';
export const PERSONALIZE_FAILED = 'Could not save your settings. Please try again.';

const none: PersonalizeSettings = { allowPersonalize: false, interests: [] };
const toast = (error: unknown): ToastRequest => ({ type: 'error', description: failureText(error, PERSONALIZE_FAILED) });

/**
 * The settings page: allow personalization, interest topics as toggle chips (each change saved at
 * once, rolled back on a refusal), clear interests, clear the recorded behaviour.
 */
export const personalizeMachine = setup({
  types: {
    context: {} as PersonalizeContext,
    events: {} as PersonalizeEvent,
    input: {} as { userId: string },
  },
  actors: {
    fetchSettings: requiredPromise<ProfileResponse, { userId: string }>('fetchSettings'),
    saveSettings: requiredPromise<PersonalizeResponse, PersonalizeBody>('saveSettings'),
    clearInterests: requiredPromise<PersonalizeResponse, void>('clearInterests'),
    clearBehavior: requiredPromise<ClearBehaviorResponse, void>('clearBehavior'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the session learns the new switch (`session.updatePersonalization`). */
    allowChanged: (_, _allow: boolean) => {},
    confirm: assign(({ event }) => {
      const settings = (event as unknown as { output: PersonalizeResponse }).output.personalizeSettings;
      return { settings, confirmed: settings };
    }),
    rollback: assign(({ context }) => ({ settings: context.confirmed })),
  },
}).createMachine({
  id: 'personalize',
  context: ({ input }) => ({ userId: input.userId, settings: none, confirmed: none, error: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => {
            const settings = event.output.user.personalizeSettings ?? none;
            return { settings, confirmed: settings, error: null };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, SETTINGS_FAILED) }) },
      },
    },
    failed: { on: { 'personalize.retry': 'loading' } },
    idle: {
      on: {
        'personalize.setAllow': {
          target: 'saving',
          actions: assign({ settings: ({ context, event }) => ({ ...context.settings, allowPersonalize: event.allow }), message: null }),
        },
        'personalize.toggleTopic': {
          target: 'saving',
          actions: assign({
            message: null,
            settings: ({ context, event }) => ({
              ...context.settings,
              interests: context.settings.interests.includes(event.topic)
                ? context.settings.interests.filter((t) => t !== event.topic)
                : [...context.settings.interests, event.topic],
            }),
          }),
        },
        'personalize.clearInterests': { target: 'clearingInterests', actions: assign({ message: null }) },
        'personalize.clearBehavior': { target: 'clearingBehavior', actions: assign({ message: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.settings,
        onDone: {
          target: 'idle',
          actions: ['confirm', { type: 'allowChanged', params: ({ event }) => event.output.personalizeSettings.allowPersonalize }],
        },
        onError: { target: 'idle', actions: ['rollback', { type: 'showToast', params: ({ event }) => toast(event.error) }] },
      },
    },
    clearingInterests: {
      invoke: {
        id: 'clearInterests',
        src: 'clearInterests',
        onDone: { target: 'idle', actions: ['confirm', assign({ message: ({ event }) => event.output.message })] },
        onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error) } },
      },
    },
    clearingBehavior: {
      invoke: {
        id: 'clearBehavior',
        src: 'clearBehavior',
        onDone: { target: 'idle', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error) } },
      },
    },
  },
});

export type PersonalizeActorRef = ActorRefFrom<typeof personalizeMachine>;
