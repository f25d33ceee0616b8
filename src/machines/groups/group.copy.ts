/** What the group page says when something fails. */
export const GROUP_LOAD_FAILED = 'Could not load this group. Please try again.';
export const PENDING_LOAD_FAILED = 'Could not load the join requests. Please try again.';
export const ACTION_FAILED = 'Something went wrong. Please try again.';
export const UPLOAD_FAILED = 'Error uploading image';
export const MEMBERS_FAILED = 'Could not load more members. Please try again.';
/** The server's words for the same refusals (service.leave). */
export const NAME_SUCCESSOR = 'Name another member as group admin before leaving';
export const SOLE_MEMBER = 'You are the only member: delete the group instead';
