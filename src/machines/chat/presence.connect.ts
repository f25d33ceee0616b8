import { selectOnline } from './presence.machine';

/**
 * What the conversation's header says of the other member: online (true), offline (false), or
 * nothing yet (null, until the server answers).
 */
export { selectOnline };
