import type { SnapshotFrom } from 'xstate';
import type { notificationSettingsMachine } from './notificationSettings.machine';

/** The member's notification settings as the settings page shows them, read from its machine's snapshot. */

export type NotificationSettingsSnapshot = SnapshotFrom<typeof notificationSettingsMachine>;

export const isNotificationSettingsLoading = (s: NotificationSettingsSnapshot) => s.matches('loading');
export const hasNotificationSettingsFailed = (s: NotificationSettingsSnapshot) => s.matches('failed');
export const isSavingNotificationSettings = (s: NotificationSettingsSnapshot) => s.matches('saving');
/** The settings as the member switched them (before the server confirms). */
export const selectNotificationSettings = (s: NotificationSettingsSnapshot) => s.context.settings;
export const selectNotificationSettingsError = (s: NotificationSettingsSnapshot) => s.context.error;
