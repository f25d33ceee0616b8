import { useActorRef, useSelector } from '@xstate/react';
import { Ban, MessageCircle, MoreHorizontal, UserCheck, UserPlus } from 'lucide-react';
import { Dialog, Heading, Menu, MenuItem, MenuTrigger, Modal, ModalOverlay, Popover } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { Post } from '../../api/posts';
import { journal } from '../../effects/journal';
import { chatHref } from '../chat/chatLinks';
import { Button } from '../components/Button';
import { IconButton } from '../components/IconButton';
import { useStreamsLogic } from './StreamsLogic';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm font-semibold text-neutral-900 outline-none ' +
  'data-[focused]:bg-neutral-100 dark:text-white dark:data-[focused]:bg-neutral-800';

/**
 * The '…' menu of another member's post: follow / unfollow (at once, rolled back on a refusal),
 * Message (opens the private chat with them) and block (after 'Block <username>?'). The author machine announces both, so every list on
 * screen follows: the following mark on each of their posts, or their posts gone.
 */
export function AuthorMenu({ post }: { post: Post }) {
  const logic = useStreamsLogic();
  const author = useActorRef(logic.author, { input: { userId: post.userId, username: post.username }, inspect: journal.inspect });
  const changing = useSelector(author, (s) => s.matches('changingFollow'));
  const asked = useSelector(author, (s) => s.matches('confirmingBlock') || s.matches('blocking'));
  const blocking = useSelector(author, (s) => s.matches('blocking'));
  const optimistic = useSelector(author, (s) => s.context.following);
  // The list holds what the server confirmed; while a change is out, the member's choice shows.
  const following = changing ? optimistic : post.followingAuthor;
  const name = post.username;
  const [, navigate] = useLocation();

  return (
    <>
      <MenuTrigger>
        <IconButton label={`More options for ${name}`}>
          <MoreHorizontal size={18} />
        </IconButton>
        <Popover
          placement="bottom end"
          offset={6}
          className="w-56 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-900"
        >
          <Menu
            aria-label={`More options for ${name}`}
            className="outline-none"
            disabledKeys={changing ? ['follow'] : []}
            onAction={(key) => {
              if (key === 'follow') author.send({ type: 'author.toggleFollow', following });
              if (key === 'block') author.send({ type: 'author.askBlock' });
              if (key === 'message') navigate(chatHref({ username: name, id: post.userId }));
            }}
          >
            <MenuItem id="follow" textValue={following ? `Unfollow ${name}` : `Follow ${name}`} className={itemClasses}>
              {following ? <UserCheck aria-hidden="true" size={17} /> : <UserPlus aria-hidden="true" size={17} />}
              {following ? `Unfollow ${name}` : `Follow ${name}`}
            </MenuItem>
            <MenuItem id="message" textValue={`Message ${name}`} className={itemClasses}>
              <MessageCircle aria-hidden="true" size={17} />
              Message {name}
            </MenuItem>
            <MenuItem id="block" textValue={`Block ${name}`} className={`${itemClasses} text-red-700 dark:text-red-400`}>
              <Ban aria-hidden="true" size={17} />
              Block {name}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <ModalOverlay
        isOpen={asked}
        isDismissable={!blocking}
        isKeyboardDismissDisabled={blocking}
        onOpenChange={(open) => (!open ? author.send({ type: 'author.cancelBlock' }) : undefined)}
        className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 p-4 sm:items-center"
      >
        <Modal className="w-full max-w-sm rounded-2xl bg-white p-5 text-neutral-900 shadow-2xl outline-none dark:bg-neutral-900 dark:text-neutral-100">
          <Dialog role="alertdialog" className="flex flex-col gap-4 outline-none">
            <Heading slot="title" className="text-lg font-semibold">
              Block {name}?
            </Heading>
            <p className="text-sm text-neutral-700 dark:text-neutral-300">
              You will not see each other&apos;s posts, comments or reactions, and neither of you will follow the other. You can unblock them later.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onPress={() => author.send({ type: 'author.cancelBlock' })} isDisabled={blocking} autoFocus>
                Cancel
              </Button>
              <Button variant="danger" icon={blocking ? undefined : <Ban size={16} />} isDisabled={blocking} onPress={() => author.send({ type: 'author.confirmBlock' })}>
                {blocking ? 'Blocking...' : 'Block'}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
