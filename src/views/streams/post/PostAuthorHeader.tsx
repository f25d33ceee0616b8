import { Globe, Lock, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar, type AvatarProps } from '../../ui/Avatar';
import { FeelingImage, isFeeling } from '../reactions/FeelingImage';

/** The icon of a post's privacy, beside its name. */
export const PRIVACY_ICON = { Public: Globe, Followers: Users, Private: Lock } as const;

/** Who may see a post: its icon, and its name (announced as "Visible to: …"). */
export function Audience({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <>
      <Icon aria-hidden="true" size={13} />
      <span className="sr-only">Visible to:</span>
      <span>{label}</span>
    </>
  );
}

export interface PostAuthorHeaderProps {
  /** Who wrote it; without one (no profile yet) no avatar and an empty name. */
  author: Pick<AvatarProps, 'username' | 'avatarColor' | 'avatarImage' | 'profilePicture'> | null;
  /** The id of the name: the card's article is labelled by it. */
  labelId: string;
  feelings: string;
  isQuestion: boolean;
  /** The card's own line under the name: when it was written (or where it waits) and who may see it. */
  meta: ReactNode;
  /** The card's buttons, beside the author. */
  children?: ReactNode;
}

/**
 * The author line of a post card: avatar, name, feeling and "Question", then the card's own line.
 * The same for a post in a list (PostCard) and one still in the outbox (PendingPostCard).
 */
export function PostAuthorHeader({ author, labelId, feelings, isQuestion, meta, children }: PostAuthorHeaderProps) {
  return (
    <header className="flex items-start gap-3 px-4 pt-4">
      {author ? (
        <Avatar
          username={author.username}
          avatarColor={author.avatarColor}
          avatarImage={author.avatarImage}
          profilePicture={author.profilePicture}
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-[15px]">
          <span id={labelId} className="font-semibold text-neutral-900 dark:text-white">
            {author?.username ?? ''}
          </span>
          {feelings ? (
            <span className="text-neutral-600 dark:text-neutral-400">
              is feeling {feelings}
              {isFeeling(feelings) ? (
                <>
                  {' '}
                  <FeelingImage feeling={feelings} />
                </>
              ) : null}
            </span>
          ) : null}
          {isQuestion ? (
            <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
              Question
            </span>
          ) : null}
        </p>
        {meta}
      </div>
      {children}
    </header>
  );
}
