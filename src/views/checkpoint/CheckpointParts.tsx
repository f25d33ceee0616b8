import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { MyAppeal } from '../../api/moderation';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { LoadError } from '../ui/LoadError';
import { useSignOut } from '../layouts/useSignOut';

/** A date as members read it ('12 March 2026'). */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** The ban as the member reads it: the moderator's reason and the date. */
export function BanFacts({ ban }: { ban: NonNullable<MyAppeal['ban']> }) {
  return (
    <dl className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-neutral-50 p-4 text-[15px] dark:border-neutral-800 dark:bg-neutral-950">
      <div>
        <dt className="text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400">
          Reason given by the moderators
        </dt>
        <dd className="mt-1 break-words whitespace-pre-wrap text-neutral-900 dark:text-neutral-100">
          {ban.reason || 'No reason was given.'}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400">Banned on</dt>
        <dd className="mt-1 text-neutral-900 dark:text-neutral-100">
          <time dateTime={ban.bannedAt}>{longDate(ban.bannedAt)}</time>
        </dd>
      </div>
    </dl>
  );
}

/** Loading and failure of the member's standing, the same on each checkpoint page. */
export function StandingStates({ loading, error, onRetry }: { loading: boolean; error: string | null; onRetry: () => void }) {
  if (loading)
    return (
      <div role="status" aria-live="polite" className="flex justify-center py-10">
        <span className="size-7 animate-spin rounded-full border-4 border-neutral-300 border-t-accent motion-reduce:animate-none" />
        <span className="sr-only">Loading your account status</span>
      </div>
    );
  if (error) return <LoadError onRetry={onRetry}>{error}</LoadError>;
  return null;
}

/** The ban was lifted: the way back into the streams. */
export function NotBanned({ children }: { children?: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success" title="Your account is not banned">
        {children ?? 'You can use Stoa as usual.'}
      </Alert>
      <Button fullWidth onPress={() => navigate('/app/social/streams')}>
        Go to your streams
      </Button>
    </div>
  );
}

export function SignOutButton() {
  const { signOut, dialog } = useSignOut('/');
  return (
    <>
      <Button variant="secondary" fullWidth icon={<LogOut size={18} />} onPress={signOut}>
        Sign out
      </Button>
      {dialog}
    </>
  );
}
