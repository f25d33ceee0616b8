import { useActorRef, useSelector } from '@xstate/react';
import { Ban, MessageCircle, MoreHorizontal, UserCheck, UserPlus } from 'lucide-react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { Post } from '../../api/posts';
import { journal } from '../../effects/journal';
import { chatHref } from '../chat/chatLinks';
import { BlockConfirm } from '../components/BlockConfirm';
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
      <BlockConfirm
        name={name}
        isOpen={asked}
        blocking={blocking}
        onCancel={() => author.send({ type: 'author.cancelBlock' })}
        onConfirm={() => author.send({ type: 'author.confirmBlock' })}
      >
        You will not see each other&apos;s posts, comments or reactions, and neither of you will follow the other. You can unblock them later.
      </BlockConfirm>
    </>
  );
}
