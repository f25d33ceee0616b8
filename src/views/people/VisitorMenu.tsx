import { useSelector } from '@xstate/react';
import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { ProfileActorRef } from '../../machines/profile.machine';
import type { ProfileReportActorRef } from '../../machines/profileReport.machine';
import { BlockConfirm } from '../components/BlockConfirm';
import { IconButton } from '../components/IconButton';
import { ReportDialog } from './ReportDialog';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm font-semibold text-neutral-900 outline-none ' +
  'data-[focused]:bg-neutral-100 dark:text-white dark:data-[focused]:bg-neutral-800';

/** Another member's '…' menu on their profile: report them, or block them after a confirmation. */
export function VisitorMenu({ actor, username }: { actor: ProfileActorRef; username: string }) {
  const report = useSelector(actor, (s) => s.children.reportForm as ProfileReportActorRef | undefined);
  const asked = useSelector(actor, (s) => !s.matches({ ready: { block: 'idle' } }) && s.matches('ready'));
  const blocking = useSelector(actor, (s) => s.matches({ ready: { block: 'blocking' } }));
  return (
    <>
      <MenuTrigger>
        <IconButton label={`More options for ${username}`}>
          <MoreHorizontal size={18} />
        </IconButton>
        <Popover
          placement="bottom end"
          offset={6}
          className="w-56 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-900"
        >
          <Menu
            aria-label={`More options for ${username}`}
            className="outline-none"
            onAction={(key) => actor.send({ type: key === 'report' ? 'profile.report' : 'profile.askBlock' })}
          >
            <MenuItem id="report" textValue={`Report ${username}`} className={itemClasses}>
              <Flag aria-hidden="true" size={17} />
              Report {username}
            </MenuItem>
            <MenuItem id="block" textValue={`Block ${username}`} className={`${itemClasses} text-red-700 dark:text-red-400`}>
              <Ban aria-hidden="true" size={17} />
              Block {username}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {report ? <ReportDialog report={report} /> : null}
      <BlockConfirm
        name={username}
        isOpen={asked}
        blocking={blocking}
        onCancel={() => actor.send({ type: 'profile.cancelBlock' })}
        onConfirm={() => actor.send({ type: 'profile.confirmBlock' })}
      >
        You will not see each other&apos;s profiles, posts, comments or reactions, and neither of you will follow the other. You can unblock them later.
      </BlockConfirm>
    </>
  );
}
