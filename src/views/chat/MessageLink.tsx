import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses, type ButtonSize } from '../ui/Button';
import { chatHref } from './chatLinks';

/**
 * 'Message': opens the private chat with a member (the chat screen's own route, which starts the
 * conversation even when none exists yet). Callers leave it out for the member themselves and
 * where a block stands (the server lists neither, and a blocked profile has its own page).
 */
export function MessageLink({
  userId,
  username,
  size = 'md',
  compact = false,
  onNavigate,
}: {
  userId: string;
  username: string;
  size?: ButtonSize;
  compact?: boolean;
  /** Called as the link is followed (e.g. to close the dialog it sits in). */
  onNavigate?: () => void;
}) {
  return (
    <Link
      href={chatHref({ id: userId, username })}
      onClick={onNavigate}
      aria-label={`Message ${username}`}
      className={buttonClasses({ variant: 'secondary', size })}
    >
      <MessageCircle aria-hidden="true" size={16} />
      {compact ? <span className="sr-only sm:not-sr-only">Message</span> : 'Message'}
    </Link>
  );
}
