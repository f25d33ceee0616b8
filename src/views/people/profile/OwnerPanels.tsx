import { useSelector } from '@xstate/react';
import { NOTIFICATION_SETTINGS } from '../../../api/notifications/settings';
import type { NotificationSettings, NotificationType, Profile } from '../../../api/users';
import type { ProfileActorRef } from '../../../machines/people/profile/profile.machine';
import { PasswordForm } from '../../auth/forms/PasswordForm';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { isSavingNotifications, passwordFormOf } from '../../../machines/people/profile/profile.connect';

/** The owner's Change Password tab: the profile runs its form machine while the tab is open. */
export function ChangePassword({ actor }: { actor: ProfileActorRef }) {
  const form = useSelector(actor, passwordFormOf);
  return form ? <PasswordForm actor={form} aria-label="Change password" /> : null;
}

/** The owner's Notifications tab: the four settings of spec section 3, each saved as it is switched. */
export function NotificationSettingsPanel({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const saving = useSelector(actor, isSavingNotifications);
  return (
    <NotificationSwitches
      settings={profile.notifications ?? null}
      saving={saving}
      onChange={(setting, value) => actor.send({ type: 'profile.setNotification', setting, value })}
    />
  );
}

/** The four notification switches (the profile's tab and the settings page); `settings` null: all off until known. */
export function NotificationSwitches({
  settings,
  saving,
  onChange,
}: {
  settings: NotificationSettings | null;
  saving: boolean;
  onChange: (setting: NotificationType, value: boolean) => void;
}) {
  return (
    <ul aria-label="Notification settings" className="flex flex-col gap-2">
      {NOTIFICATION_SETTINGS.map((setting) => (
        <li
          key={setting.type}
          className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <div>
            <p className="font-semibold text-neutral-900 dark:text-white">{setting.title}</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{setting.description}</p>
          </div>
          <ToggleSwitch
            aria-label={setting.title}
            isSelected={settings?.[setting.type] ?? false}
            isDisabled={saving}
            onChange={(value) => onChange(setting.type, value)}
          />
        </li>
      ))}
    </ul>
  );
}
