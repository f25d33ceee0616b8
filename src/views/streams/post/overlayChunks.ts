import { deferred } from '../../overlays/Deferred';

/**
 * The dialogs a post card opens, each fetched the first time it opens (or when the member points
 * at or focuses what opens it): none of them is on the first paint of a list of posts.
 */
export const CommentsModal = deferred(() => import('../discussion/CommentsModal').then((module) => module.CommentsModal));
export const ReactionsModal = deferred(() => import('../reactions/ReactionsModal').then((module) => module.ReactionsModal));
export const WhyDialog = deferred(() => import('./WhyDialog').then((module) => module.WhyDialog));
export const ReportDialog = deferred(() => import('../../moderation/ReportDialog').then((module) => module.ReportDialog));
export const BlockConfirm = deferred(() => import('../../people/BlockConfirm').then((module) => module.BlockConfirm));
