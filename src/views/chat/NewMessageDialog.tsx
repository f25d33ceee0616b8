import { SquarePen } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ChatMember } from '../../machines/chat/chat.machine';
import { Button } from '../ui/Button';
import { SheetDialog } from '../ui/SheetDialog';
import { MemberSearch } from '../people/MemberSearch';
import { useScreenActor } from '../shared/useScreenActor';
import { useChatLogic } from './ChatLogic';
import { MessageLink } from './MessageLink';

function NewMessageSearch({ me, onClose }: { me: ChatMember; onClose: () => void }) {
  const { memberSearch } = useChatLogic();
  // The member is never offered to themselves.
  const search = useScreenActor(memberSearch, { input: { exclude: [me.id] } });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Find a member by username, then choose Message.</p>
      <MemberSearch
        search={search}
        label="Search members"
        autoFocus
        action={(user) => <MessageLink userId={user._id} username={user.username} size="sm" onNavigate={onClose} />}
      />
    </div>
  );
}

/** "New message": a member search whose results open the one-to-one conversation (the chat route). */
export function NewMessage({ me }: { me: ChatMember }) {
  const [open, setOpen] = useState(false);
  const close = useMemo(() => () => setOpen(false), []);
  return (
    <>
      <Button size="sm" icon={<SquarePen size={16} />} onPress={() => setOpen(true)}>
        New message
      </Button>
      {open ? (
        <SheetDialog title="New message" onClose={close} padded>
          <NewMessageSearch me={me} onClose={close} />
        </SheetDialog>
      ) : null}
    </>
  );
}
