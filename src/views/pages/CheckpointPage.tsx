import { LogOut, ShieldBan } from 'lucide-react';
import { BANNED_MESSAGE } from '../../api/constants';
import { AuthShell } from '../auth/AuthShell';
import { TextLink } from '../auth/TextLink';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { useSessionProfile, useSignOut } from '../layouts/useShell';

/** /checkpoint: where a banned account lands after sign-in or sign-up. */
export default function CheckpointPage() {
  const profile = useSessionProfile();
  const signOut = useSignOut('/');
  return (
    <AuthShell
      title="Your account is banned"
      icon={<ShieldBan size={22} />}
      intro={
        profile
          ? `You are signed in as @${profile.username}, but this account can no longer use Stoa.`
          : 'This account can no longer use Stoa.'
      }
    >
      <div className="flex flex-col gap-5">
        <Alert tone="error">{BANNED_MESSAGE}</Alert>
        <div className="flex flex-col gap-2 text-[15px] leading-relaxed text-neutral-700 dark:text-neutral-300">
          <p>
            A moderator banned this account, so your streams, chats and groups are closed to you. If you think this
            is a mistake, you can ask for the ban to be reviewed by filing an appeal.
          </p>
          <p>
            <TextLink href="/issua?topic=appeal">File an appeal</TextLink>
          </p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Appeals cannot be sent from Stoa yet: that part arrives in a coming update. Until then, please contact
            support.
          </p>
        </div>
        <Button variant="secondary" fullWidth icon={<LogOut size={18} />} onPress={signOut}>
          Sign out
        </Button>
      </div>
    </AuthShell>
  );
}
