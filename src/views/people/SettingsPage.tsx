import { useSelector } from '@xstate/react';
import { Check } from 'lucide-react';
import { ToggleButton } from 'react-aria-components';
import { INTEREST_TOPICS } from '../../api/constants';
import { TOPIC_IMAGES } from './profile/topicImages';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ToggleSwitch } from '../ui/ToggleSwitch';
import { Skeleton } from '../ui/Skeleton';
import { useSessionProfile } from '../layouts/useShell';
import { EmptyState, PageTitle } from '../streams/PageParts';
import { usePeopleLogic } from './PeopleLogic';
import { LoadError } from '../ui/LoadError';
import { BlockedMembers } from './BlockedMembers';
import { SessionsSection } from '../account/sessions/SessionsSection';
import { TwoFactorSection } from '../account/twoFactor/TwoFactorSection';
import { NotificationSwitches } from './profile/OwnerPanels';
import { useApp } from '../AppContext';
import { useScreenActor } from '../shared/useScreenActor';
import { YourData } from '../account/data/YourData';
import { ownsSettings } from '../../machines/people/people.connect';
import {
  hasPersonalizeFailed,
  isPersonalizeBusy,
  isPersonalizeLoading,
  selectPersonalizeError,
  selectPersonalizeMessage,
  selectPersonalizeSettings,
} from '../../machines/streams/personalize.connect';
import {
  hasNotificationSettingsFailed,
  isNotificationSettingsLoading,
  isSavingNotificationSettings,
  selectNotificationSettings,
  selectNotificationSettingsError,
} from '../../machines/notifications/notificationSettings.connect';
import { isMatchingSystem, shownTheme } from '../../machines/shell/theme.connect';

/**
 * /setting/:username: the owner's personalization (the switch, interest topics, clearing), their
 * notification settings and the members they blocked. Each section loads and fails on its own.
 */
export default function SettingsPage({ username }: { username: string }) {
  const me = useSessionProfile();
  if (!me) return <Skeleton className="h-40 w-full" />;
  if (!ownsSettings(me, username)) return <EmptyState title="Not your settings" text="Only the owner can change these settings." />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageTitle>Settings</PageTitle>
      <Personalization userId={me._id} />
      <Notifications userId={me._id} />
      <Appearance />
      <TwoFactorSection />
      <SessionsSection />
      <BlockedMembers />
      <YourData />
    </div>
  );
}

function Personalization({ userId }: { userId: string }) {
  const logic = usePeopleLogic();
  const actor = useScreenActor(logic.personalize, { input: { userId } });
  const loading = useSelector(actor, isPersonalizeLoading);
  const failed = useSelector(actor, hasPersonalizeFailed);
  const settings = useSelector(actor, selectPersonalizeSettings);
  const error = useSelector(actor, selectPersonalizeError);
  const message = useSelector(actor, selectPersonalizeMessage);
  const busy = useSelector(actor, isPersonalizeBusy);
  if (loading) return <Skeleton className="h-40 w-full rounded-2xl" />;
  if (failed)
    return (
      <LoadError title="Could not load your settings" onRetry={() => actor.send({ type: 'personalize.retry' })}>
        {error}
      </LoadError>
    );
  return (
    <>
      <section className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
        <div>
          <h2 className="font-semibold text-neutral-900 dark:text-white">Allow personalization</h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Order your streams by your interests and what you engage with.</p>
        </div>
        <ToggleSwitch
          aria-label="Allow personalization"
          isSelected={settings.allowPersonalize}
          isDisabled={busy}
          onChange={(allow) => actor.send({ type: 'personalize.setAllow', allow })}
        />
      </section>
      <section
        aria-labelledby="interests-title"
        className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h2 id="interests-title" className="font-semibold text-neutral-900 dark:text-white">
          Interests
        </h2>
        <div role="group" aria-labelledby="interests-title" className="flex flex-wrap gap-2">
          {INTEREST_TOPICS.map((topic) => {
            const selected = settings.interests.includes(topic);
            const Image = TOPIC_IMAGES[topic];
            return (
              <ToggleButton
                key={topic}
                isSelected={selected}
                isDisabled={busy}
                onChange={() => actor.send({ type: 'personalize.toggleTopic', topic })}
                className="inline-flex cursor-pointer items-center gap-1 rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-semibold capitalize text-neutral-800 outline-none data-[selected]:border-neutral-900 data-[selected]:bg-neutral-900 data-[selected]:text-white dark:data-[selected]:border-white dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent dark:border-neutral-700 dark:text-neutral-200"
              >
                {selected ? <Check aria-hidden="true" size={14} /> : <Image aria-hidden="true" size={14} />}
                {topic === 'diy' ? 'DIY' : topic}
              </ToggleButton>
            );
          })}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'personalize.clearInterests' })}>
            Clear interests
          </Button>
          <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'personalize.clearBehavior' })}>
            Clear recorded behaviour
          </Button>
        </div>
        {message ? <Alert tone="success">{message}</Alert> : null}
      </section>
    </>
  );
}

/** The theme follows the system's colour scheme only when the member says so (light until then). */
function Appearance() {
  const app = useApp();
  const theme = useSelector(app, (s) => s.children.theme);
  const matchSystem = useSelector(theme, isMatchingSystem);
  const current = useSelector(theme, shownTheme);
  if (!theme) return null;
  return (
    <section className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      <div>
        <h2 className="font-semibold text-neutral-900 dark:text-white">Match system theme</h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Use your device's light or dark setting. Off, the theme stays as you choose it.
        </p>
      </div>
      <ToggleSwitch
        aria-label="Match system theme"
        isSelected={matchSystem}
        // Off keeps the theme shown now, as the member's choice.
        onChange={(on) => theme.send(on ? { type: 'theme.matchSystem' } : { type: 'theme.set', theme: current })}
      />
    </section>
  );
}

/** Which notifications the member gets (also the profile's Notifications tab), each saved as it is switched. */
function Notifications({ userId }: { userId: string }) {
  const logic = usePeopleLogic();
  const actor = useScreenActor(logic.notificationSettings, { input: { userId } });
  const loading = useSelector(actor, isNotificationSettingsLoading);
  const failed = useSelector(actor, hasNotificationSettingsFailed);
  const settings = useSelector(actor, selectNotificationSettings);
  const error = useSelector(actor, selectNotificationSettingsError);
  const saving = useSelector(actor, isSavingNotificationSettings);
  return (
    <section aria-labelledby="notifications-title" className="flex flex-col gap-3">
      <div>
        <h2 id="notifications-title" className="font-semibold text-neutral-900 dark:text-white">
          Notification settings
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Choose what you hear about.</p>
      </div>
      {loading ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : failed ? (
        <LoadError title="Could not load your notification settings" onRetry={() => actor.send({ type: 'notificationSettings.retry' })}>
          {error}
        </LoadError>
      ) : (
        <NotificationSwitches
          settings={settings}
          saving={saving}
          onChange={(setting, value) => actor.send({ type: 'notificationSettings.set', setting, value })}
        />
      )}
    </section>
  );
}
