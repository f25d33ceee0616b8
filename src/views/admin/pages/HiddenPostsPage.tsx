import { Eye } from 'lucide-react';
import type { HiddenPost } from '../../../api/moderation';
import { AdminList, ItemCard, type ItemTools } from '../AdminList';
import { AuditHistory } from '../Audit';
import { formatDateTime } from '../format';
import { ItemButton } from '../ItemButton';
import { MemberLink, MemberSummary } from '../Member';
import { postLabel, PostPreview } from '../PostPreview';

function HiddenItem({ hidden, act, busy }: { hidden: HiddenPost } & ItemTools) {
  const label = postLabel(hidden.post);
  return (
    <ItemCard
      label={`Hidden post “${label}”`}
      actions={
        <ItemButton
          busy={busy}
          icon={<Eye size={16} />}
          label={`Unhide “${label}”`}
          onPress={() => act({ type: 'unhide', postId: hidden.post._id, label })}
        >
          Unhide
        </ItemButton>
      }
    >
      <PostPreview post={hidden.post} showHiddenReason={false} />
      <MemberSummary member={hidden.author} caption={`Author · ${hidden.author.email}`} />
      <div className="flex flex-col gap-1 rounded-2xl bg-neutral-50 px-3 py-2 dark:bg-neutral-800/50">
        <p className="text-sm break-words text-neutral-900 dark:text-neutral-100">
          <span className="font-semibold">Reason:</span> {hidden.reason || 'none given'}
        </p>
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          Hidden by {hidden.hiddenBy ? <MemberLink member={hidden.hiddenBy} /> : 'a former admin'} ·{' '}
          <time dateTime={hidden.hiddenAt}>{formatDateTime(hidden.hiddenAt)}</time>
        </p>
      </div>
      <AuditHistory entries={hidden.history} />
    </ItemCard>
  );
}

/** /admin/hidepost (the spec's "hirepost"): hidden posts with the reason, by whom and when; unhide. */
export default function HiddenPostsPage() {
  return (
    <AdminList
      kind="hiddenPosts"
      title="Hidden posts"
      description="Posts hidden by moderators: only admins and their authors see them."
      noun="hidden post"
      empty={() => ({ title: 'No hidden posts', text: 'Posts you hide from the reported posts appear here, with the reason.' })}
      renderItem={(hidden, tools) => <HiddenItem hidden={hidden} {...tools} />}
    />
  );
}
