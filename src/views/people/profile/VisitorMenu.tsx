import { useSelector } from '@xstate/react';
import { Ban, Flag } from 'lucide-react';
import type { ProfileActorRef } from '../../../machines/people/profile/profile.machine';
import { BlockConfirm } from '../BlockConfirm';
import { MoreMenu } from '../../overlays/MoreMenu';
import { ReportDialog } from '../../moderation/ReportDialog';
import { isBlockAsked, isBlocking, reportFormOf } from '../../../machines/people/profile/profile.connect';

/** Another member's '…' menu on their profile: report them, or block them after a confirmation. */
export function VisitorMenu({ actor, username }: { actor: ProfileActorRef; username: string }) {
  const report = useSelector(actor, reportFormOf);
  const asked = useSelector(actor, isBlockAsked);
  const blocking = useSelector(actor, isBlocking);
  return (
    <>
      <MoreMenu
        label={`More options for ${username}`}
        items={[
          { id: 'report', label: `Report ${username}`, icon: <Flag aria-hidden="true" size={17} /> },
          { id: 'block', label: `Block ${username}`, icon: <Ban aria-hidden="true" size={17} />, danger: true },
        ]}
        onAction={(id) => actor.send({ type: id === 'report' ? 'profile.report' : 'profile.askBlock' })}
      />
      {report ? <ReportDialog report={report} /> : null}
      <BlockConfirm
        name={username}
        isOpen={asked}
        blocking={blocking}
        onCancel={() => actor.send({ type: 'profile.cancelBlock' })}
        onConfirm={() => actor.send({ type: 'profile.confirmBlock' })}
      >
        You will not see each other&apos;s profiles, posts, comments or reactions, and neither of you will follow the other. You can unblock
        them later.
      </BlockConfirm>
    </>
  );
}
