import type { User } from '../../api/auth';

/** The signed-in member's own row: no Follow button on oneself. */
export const isMe = (personId: string, me: Pick<User, '_id'> | null) => personId === me?._id;

/** Only the owner of /setting/:username may open it. */
export const ownsSettings = (me: Pick<User, 'username'>, username: string) => me.username === username;
