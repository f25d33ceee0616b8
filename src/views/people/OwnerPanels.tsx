import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Form, Switch } from 'react-aria-components';
import { NOTIFICATION_SETTINGS } from '../../api/constants';
import type { NotificationSettings, NotificationType, Profile } from '../../api/users';
import type { ProfileActorRef } from '../../machines/profile.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { PasswordField } from '../components/PasswordField';

/** The owner's Change Password tab. */
export function ChangePassword({ actor }: { actor: ProfileActorRef }) {
  const saving = useSelector(actor, (s) => s.matches({ ready: { tab: { password: 'saving' } } }));
  const errors = useSelector(actor, (s) => s.context.passwordErrors);
  const message = useSelector(actor, (s) => s.context.passwordMessage);
  const [body, setBody] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'profile.changePassword', body });
  };
  return (
    <Form aria-label="Change password" onSubmit={submit} className="flex max-w-md flex-col gap-3">
      <PasswordField label="Current password" value={body.currentPassword} errorMessage={errors.currentPassword} onChange={(v) => setBody({ ...body, currentPassword: v })} />
      <PasswordField label="New password" value={body.newPassword} errorMessage={errors.newPassword} onChange={(v) => setBody({ ...body, newPassword: v })} />
      <PasswordField label="Confirm password" value={body.confirmPassword} errorMessage={errors.confirmPassword} onChange={(v) => setBody({ ...body, confirmPassword: v })} />
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      {message ? <Alert tone="success">{message}</Alert> : null}
      <div>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Updating...' : 'Update password'}
        </Button>
      </div>
    </Form>
  );
}

/** The owner's Notifications tab: the four settings of spec section 3, each saved as it is switched. */
export function NotificationSettingsPanel({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const saving = useSelector(actor, (s) => s.matches({ ready: { tab: { notifications: 'saving' } } }));
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
        <li key={setting.type} className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
          <div>
            <p className="font-semibold text-neutral-900 dark:text-white">{setting.title}</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{setting.description}</p>
          </div>
          <Switch
            aria-label={setting.title}
            isSelected={settings?.[setting.type] ?? false}
            isDisabled={saving}
            onChange={(value) => onChange(setting.type, value)}
            className="group flex cursor-pointer items-center outline-none"
          >
            <span className="flex h-6 w-11 items-center rounded-full bg-neutral-300 p-0.5 transition group-data-[selected]:bg-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-accent dark:bg-neutral-700">
              <span className="size-5 rounded-full bg-white shadow transition group-data-[selected]:translate-x-5" />
            </span>
          </Switch>
        </li>
      ))}
    </ul>
  );
}
