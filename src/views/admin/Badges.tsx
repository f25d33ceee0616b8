import { APPEAL_STATUS_LABELS, MODERATION_STATUS_LABELS, type AppealStatus, type ModerationStatus } from '../../api/moderation';

export type BadgeTone = 'amber' | 'blue' | 'green' | 'red' | 'neutral';

const tones: Record<BadgeTone, string> = {
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950/70 dark:text-amber-200',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950/70 dark:text-blue-200',
  green: 'bg-green-100 text-green-900 dark:bg-green-950/70 dark:text-green-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-950/70 dark:text-red-200',
  neutral: 'bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200',
};

/** A small label: a status, a role, a ban. The words carry the meaning; the colour only helps. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: string }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
  );
}

const statusTone: Record<ModerationStatus | AppealStatus, BadgeTone> = {
  pending: 'amber',
  reviewing: 'blue',
  resolved: 'green',
  dismissed: 'neutral',
  approved: 'green',
  rejected: 'red',
};

export function ReportStatusBadge({ status }: { status: ModerationStatus }) {
  return <Badge tone={statusTone[status]}>{MODERATION_STATUS_LABELS[status]}</Badge>;
}

export function AppealStatusBadge({ status }: { status: AppealStatus }) {
  return <Badge tone={statusTone[status]}>{APPEAL_STATUS_LABELS[status]}</Badge>;
}
