import { Globe, Lock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Group } from '../../api/groups';
import { shortenNumber } from '../../api/numbers';
import { groupHref } from '../../machines/shell/routes';
import { GroupImage } from './GroupImage';

/** How many categories and tags a card shows before "+N". */
const SHOWN_CATEGORIES = 2;
const SHOWN_TAGS = 3;

const chip = 'rounded-full px-2.5 py-0.5 text-xs font-medium';

export const memberCountText = (count: number) => `${shortenNumber(count)} ${count === 1 ? 'member' : 'members'}`;

/** The group's privacy and member count, in a card ("Private") or its page's header ("Private group"). */
export function GroupFacts({ group, inHeader = false }: { group: Pick<Group, 'privacy' | 'memberCount'>; inHeader?: boolean }) {
  const Privacy = group.privacy === 'private' ? Lock : Globe;
  const size = inHeader ? 15 : 14;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
      <span className="inline-flex items-center gap-1">
        <Privacy aria-hidden="true" size={size} />
        {group.privacy === 'private' ? 'Private' : 'Public'}
        {inHeader ? ' group' : ''}
      </span>
      <span className="inline-flex items-center gap-1">
        <Users aria-hidden="true" size={size} />
        {memberCountText(group.memberCount)}
      </span>
    </p>
  );
}

/**
 * A group in a list: picture, name (a link to the group's page), privacy, member count and a
 * few categories and tags. `actions` (Join, Accept / Decline, a badge...) sit at the end, or
 * under the text on narrow screens.
 */
export function GroupCard({ group, actions }: { group: Group; actions?: ReactNode }) {
  const nameId = `group-${group._id}-name`;
  const hidden = Math.max(0, group.category.length - SHOWN_CATEGORIES) + Math.max(0, group.tags.length - SHOWN_TAGS);
  return (
    <article
      aria-labelledby={nameId}
      data-group-id={group._id}
      className="flex flex-wrap items-center gap-3 rounded-3xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <GroupImage group={group} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={nameId} className="truncate font-semibold text-neutral-900 dark:text-white">
          <Link href={`~${groupHref(group._id)}`} className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-accent">
            {group.name}
          </Link>
        </h3>
        <GroupFacts group={group} />
        {group.category.length || group.tags.length ? (
          <ul aria-label="Categories and tags" className="flex flex-wrap gap-1.5">
            {group.category.slice(0, SHOWN_CATEGORIES).map((category) => (
              <li key={`c-${category}`} className={`${chip} bg-accent-soft text-accent-ink dark:bg-accent/15 dark:text-accent-ink-dark`}>
                {category}
              </li>
            ))}
            {group.tags.slice(0, SHOWN_TAGS).map((tag) => (
              <li key={`t-${tag}`} className={`${chip} bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300`}>
                #{tag}
              </li>
            ))}
            {hidden ? <li className={`${chip} text-neutral-600 dark:text-neutral-400`}>+{hidden} more</li> : null}
          </ul>
        ) : null}
      </div>
      {actions ? <div className="flex w-full shrink-0 flex-wrap justify-end gap-2 sm:w-auto">{actions}</div> : null}
    </article>
  );
}
