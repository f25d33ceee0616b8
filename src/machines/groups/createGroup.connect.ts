import type { InvitedMember } from './createGroup.machine';
import { selectIsSubmitting, selectIsUploading, selectSearch, type CreateGroupSnapshot } from './createGroup.machine';

/**
 * What the Create New Group form shows and what the member may do, read from the create-group
 * machine's snapshot.
 */

export { selectIsSubmitting, selectIsUploading, selectSearch };

/** The form's fields, errors and invitations. */
export const selectForm = (s: CreateGroupSnapshot) => s.context;
export const selectInvited = (s: CreateGroupSnapshot) => s.context.invited;
/** Submitting, or created and about to leave for the group's page: the fields wait. */
export const selectIsBusy = (s: CreateGroupSnapshot) => !s.matches({ form: 'editing' });
/** Create Group may be pressed: the form is being edited and no image is still uploading. */
export const canSubmit = (s: CreateGroupSnapshot) => s.matches({ form: 'editing' }) && !s.matches({ image: 'uploading' });
/** Cancel may be pressed: nothing is being sent. */
export const canCancel = (s: CreateGroupSnapshot) => !s.matches({ form: 'submitting' });
/** The found member is already on the invitation list. */
export const isInvitedMember = (invited: InvitedMember[], userId: string) => invited.some((m) => m.userId === userId);
