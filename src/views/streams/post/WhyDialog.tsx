import { Clock, Flame, Heart, Sparkles, User, UserCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { Post } from '../../../api/posts';
import type { FeedReason } from '../../../api/posts/reasons';
import { SheetDialog } from '../../ui/SheetDialog';
import { useSessionProfile } from '../../layouts/useShell';
import { reasonText } from './reasons';

const ICON: Record<FeedReason['kind'], LucideIcon> = {
  own: User,
  follow: UserCheck,
  interacted: Heart,
  interest: Sparkles,
  popular: Flame,
  recent: Clock,
};

/** "Why am I seeing this?": the reasons the "For you" ranking gave a post, and where to change them. */
export function WhyDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const reasons = post.reasons ?? [];
  const me = useSessionProfile();
  return (
    <SheetDialog title="Why am I seeing this?" onClose={onClose} padded>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This post by <span className="font-semibold text-neutral-900 dark:text-white">{post.username}</span> is in your For you stream
        because:
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {reasons.map((reason, index) => {
          const Icon = ICON[reason.kind];
          return (
            <li
              key={index}
              className="flex items-center gap-3 rounded-2xl bg-neutral-100 px-3 py-2 text-[15px] text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100"
            >
              <Icon aria-hidden="true" size={18} className="shrink-0 text-accent-strong dark:text-accent" />
              {reasonText(reason)}
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">
        Change your interests, clear what Stoa learned, or turn personalization off in{' '}
        <Link
          href={me ? `/setting/${encodeURIComponent(me.username)}` : '/streams'}
          onClick={onClose}
          className="font-semibold text-neutral-900 underline dark:text-white"
        >
          Settings
        </Link>
        .
      </p>
    </SheetDialog>
  );
}
