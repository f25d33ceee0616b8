import { assign, setup, type ActorRefFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { NotificationSettings, NotificationType, ProfileResponse, ProfileUpdateResponse } from '../../api/users';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type NotificationSettingsEvent =
  { type: 'notificationSettings.retry' } | { type: 'notificationSettings.set'; setting: NotificationType; value: boolean };

export interface NotificationSettingsContext {
  userId: string;
  /** What the switches show (the change being saved included). */
  settings: NotificationSettings;
  /** What the server holds (restored on a refusal). */
  confirmed: NotificationSettings;
  /** The change being saved. */
  change: { setting: NotificationType; value: boolean } | null;
  error: string | null;
}

export const NOTIFICATION_SETTINGS_FAILED = 'Could not load your notification settings. Please try again.';
export const NOTIFICATION_SAVE_FAILED = 'Could not save your notification settings. Please try again.';

/** Each setting is on until the member turns it off (spec section 3). */
const allOn: NotificationSettings = { messages: true, follows: true, reactions: true, comments: true };

/**
 * The settings page's notification switches (the profile's Notifications tab keeps its own, in the
 * profile machine): the member's own profile is read once, then each switch is saved as it is
 * flipped (one at a time, shown at once, put back with a toast on a refusal).
 */
export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
    input: {} as { userId: string },
  },
  actors: {
    /** Effect: GET /user/profile/{userId} (the owner's profile carries `notifications`). */
    fetchSettings: requiredPromise<ProfileResponse, { userId: string }>('fetchSettings'),
    /** Effect: PUT /user/profile/settings with the one setting. */
    saveSetting: requiredPromise<ProfileUpdateResponse, { setting: NotificationType; value: boolean }>('saveSetting'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({ userId: input.userId, settings: allOn, confirmed: allOn, change: null, error: null }),
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
            const settings = event.output.user.notifications ?? allOn;
            return { settings, confirmed: settings, error: null };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, NOTIFICATION_SETTINGS_FAILED) }) },
      },
    },
    failed: { on: { 'notificationSettings.retry': 'loading' } },
    idle: {
      on: {
        'notificationSettings.set': {
          target: 'saving',
          actions: assign({
            change: ({ event }) => ({ setting: event.setting, value: event.value }),
            settings: ({ context, event }) => ({ ...context.settings, [event.setting]: event.value }),
          }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveSetting',
        src: 'saveSetting',
        input: ({ context }) => context.change!,
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const settings = event.output.user.notifications ?? context.settings;
            return { settings, confirmed: settings, change: null };
          }),
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ settings: context.confirmed, change: null })),
            {
              type: 'showToast',
              params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, NOTIFICATION_SAVE_FAILED) }),
            },
          ],
        },
      },
    },
  },
});

export type NotificationSettingsActorRef = ActorRefFrom<typeof notificationSettingsMachine>;
