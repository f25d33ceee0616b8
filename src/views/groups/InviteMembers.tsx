import { useSelector } from '@xstate/react';
import { Check, Search, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { selectIsSearching, type CreateGroupActorRef } from '../../machines/createGroup.machine';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';

/** The Invite Members panel: a search box (500 ms pause), Select/Selected toggles, the invited list. */
export function InviteMembers({ actor, isDisabled }: { actor: CreateGroupActorRef; isDisabled?: boolean }) {
  const [query, setQuery] = useState('');
  const results = useSelector(actor, (s) => s.context.results);
  const invited = useSelector(actor, (s) => s.context.invited);
  const searching = useSelector(actor, selectIsSearching);
  const searched = useSelector(actor, (s) => s.matches({ invite: 'results' }) || s.matches({ invite: 'failed' }));
  const isInvited = (id: string) => invited.some((m) => m.userId === id);

  return (
    <section aria-labelledby="invite-title" className="flex flex-col gap-3">
      <h2 id="invite-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Invite Members
      </h2>
      <TextField
        label="Search users"
        type="search"
        value={query}
        icon={<Search size={18} />}
        placeholder="Search by username"
        isDisabled={isDisabled}
        onChange={(value) => {
          setQuery(value);
          actor.send({ type: 'group.search', query: value });
        }}
      />
      {searching ? (
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          Searching...
        </p>
      ) : searched && results.length === 0 ? (
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          No users found
        </p>
      ) : results.length > 0 ? (
        <ul aria-label="Search results" className="flex flex-col gap-2">
          {results.map((user) => {
            const selected = isInvited(user._id);
            return (
              <li key={user._id} className="flex items-center gap-3 rounded-2xl border border-neutral-200 p-2 dark:border-neutral-800">
                <Avatar username={user.username} avatarColor={user.avatarColor} profilePicture={user.profilePicture} size="sm" />
                <span className="flex-1 truncate text-sm font-medium text-neutral-900 dark:text-white">{user.username}</span>
                <Button
                  size="sm"
                  variant={selected ? 'primary' : 'secondary'}
                  icon={selected ? <Check size={16} /> : <UserPlus size={16} />}
                  aria-pressed={selected}
                  aria-label={`${selected ? 'Selected' : 'Select'} ${user.username}`}
                  isDisabled={isDisabled}
                  onPress={() => actor.send({ type: 'group.invite', user })}
                >
                  {selected ? 'Selected' : 'Select'}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-neutral-800 dark:text-neutral-200">Invited ({invited.length})</h3>
        {invited.length === 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">No members invited yet</p>
        ) : (
          <ul aria-label="Invited members" className="flex flex-wrap gap-2">
            {invited.map((member) => (
              <li key={member.userId} className="inline-flex items-center gap-2 rounded-full bg-neutral-100 py-1 pr-1 pl-1 text-sm dark:bg-neutral-800">
                <Avatar username={member.username} avatarColor={member.avatarColor} profilePicture={member.profilePicture} size="sm" />
                <span className="text-neutral-900 dark:text-white">{member.username}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${member.username}`}
                  isDisabled={isDisabled}
                  onPress={() =>
                    actor.send({ type: 'group.invite', user: { _id: member.userId, username: member.username, avatarColor: member.avatarColor, profilePicture: member.profilePicture } })
                  }
                >
                  <X aria-hidden="true" size={14} />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
