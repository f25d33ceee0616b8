import { useSelector } from '@xstate/react';
import { Check, UserPlus, Users, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { ChatActorRef, ChatMember } from '../../machines/chat/chat.machine';
import {
  canSubmit,
  isInvitee,
  selectCreated,
  selectCreating,
  selectError,
  selectInvitees,
  selectName,
  selectNameError,
  selectSearch,
} from '../../machines/chat/groupChat/groupChatCreate.connect';
import { Alert } from '../ui/Alert';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { SheetDialog } from '../ui/SheetDialog';
import { useChatLogic } from './ChatLogic';
import { useScreenActor } from '../shared/useScreenActor';
import { MemberSearch } from '../people/MemberSearch';

function CreateForm({ chat, me, onClose }: { chat: ChatActorRef; me: ChatMember; onClose: () => void }) {
  const { groupChatCreate } = useChatLogic();
  const logic = useMemo(() => groupChatCreate(chat), [groupChatCreate, chat]);
  const actor = useScreenActor(logic, { input: { me } });
  const name = useSelector(actor, selectName);
  const nameError = useSelector(actor, selectNameError);
  const invitees = useSelector(actor, selectInvitees);
  const error = useSelector(actor, selectError);
  const creating = useSelector(actor, selectCreating);
  const submittable = useSelector(actor, canSubmit);
  const created = useSelector(actor, selectCreated);
  const search = useSelector(actor, selectSearch);
  useEffect(() => {
    if (created) onClose();
  }, [created, onClose]);
  const invited = (id: string) => isInvitee(invitees, id);

  return (
    <form
      aria-label="New group chat"
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'create.submit' });
      }}
    >
      <TextField
        label="Group name"
        value={name}
        autoFocus
        description="3 to 50 letters, numbers and spaces"
        errorMessage={nameError}
        isDisabled={creating}
        onChange={(value) => actor.send({ type: 'create.name', value })}
      />
      <section aria-labelledby="invite-chat-title" className="flex flex-col gap-3">
        <h3 id="invite-chat-title" className="text-sm font-semibold">
          Invite members
        </h3>
        <p className="text-xs text-neutral-600 dark:text-neutral-400">They join once they accept the invitation.</p>
        {search ? (
          <MemberSearch
            search={search}
            isDisabled={creating}
            action={(user) => (
              <Button
                size="sm"
                variant={invited(user._id) ? 'primary' : 'secondary'}
                icon={invited(user._id) ? <Check size={16} /> : <UserPlus size={16} />}
                aria-pressed={invited(user._id)}
                aria-label={`${invited(user._id) ? 'Selected' : 'Select'} ${user.username}`}
                isDisabled={creating}
                onPress={() => actor.send({ type: 'create.toggle', user })}
              >
                {invited(user._id) ? 'Selected' : 'Select'}
              </Button>
            )}
          />
        ) : null}
        {invitees.length ? (
          <ul aria-label="Invited members" className="flex flex-wrap gap-2">
            {invitees.map((user) => (
              <li
                key={user._id}
                className="inline-flex items-center gap-2 rounded-full bg-neutral-100 py-1 pr-1 pl-1 text-sm dark:bg-neutral-800"
              >
                <Avatar username={user.username} avatarColor={user.avatarColor} profilePicture={user.profilePicture} size="sm" />
                {user.username}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${user.username}`}
                  isDisabled={creating}
                  onPress={() => actor.send({ type: 'create.toggle', user })}
                >
                  <X aria-hidden="true" size={14} />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">No one invited yet: you can add members later.</p>
        )}
      </section>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onClose} isDisabled={creating}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!submittable}>
          {creating ? 'Creating...' : 'Create group chat'}
        </Button>
      </div>
    </form>
  );
}

/** "New group chat": the button and its dialog (the create machine runs while the dialog is open). */
export function CreateGroupChat({ chat, me }: { chat: ChatActorRef; me: ChatMember }) {
  const [open, setOpen] = useState(false);
  const close = useMemo(() => () => setOpen(false), []);
  return (
    <>
      <Button size="sm" variant="secondary" icon={<Users size={16} />} onPress={() => setOpen(true)}>
        New group
      </Button>
      {open ? (
        <SheetDialog title="New group chat" onClose={close} padded>
          <CreateForm chat={chat} me={me} onClose={close} />
        </SheetDialog>
      ) : null}
    </>
  );
}
