import { APPEAL_STATUS_LABELS, MODERATION_STATUS_LABELS, type AppealStatus, type ModerationStatus } from '../../api/moderation';
import type { AdminFilter } from '../../machines/admin/adminLists';

/** A report queue's filter: null is the open reports (pending and reviewing). */
export const reportFilterLabel = (filter: AdminFilter) => (filter === null ? 'Open' : MODERATION_STATUS_LABELS[filter as ModerationStatus]);
/** The appeals' filter: null is all of them. */
export const appealFilterLabel = (filter: AdminFilter) => (filter === null ? 'All' : APPEAL_STATUS_LABELS[filter as AppealStatus]);

/** The empty state of a report queue under a filter. */
export function emptyQueue(filter: AdminFilter, about: 'members' | 'posts') {
  if (filter === null)
    return { title: 'No open reports', text: `Reports about ${about} appear here as they come in, pending first, oldest first.` };
  const label = reportFilterLabel(filter).toLowerCase();
  return { title: `No ${label} reports`, text: `Reports about ${about} that are ${label} appear here.` };
}
