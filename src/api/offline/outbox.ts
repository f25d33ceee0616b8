/**
 * The outbox's names in the browser (docs/client-offline.md, "Outbox"): one IndexedDB database per
 * member, the Web Lock that makes one tab of the member the sender, and the BroadcastChannel the
 * member's tabs tell each other the outbox's changes on. One place for each name.
 */
export const OUTBOX_DB_PREFIX = 'stoa-outbox-';
export const outboxDbName = (userId: string) => `${OUTBOX_DB_PREFIX}${userId}`;
/** Version 1: one object store of items keyed by client id, with an index on the order written. */
export const OUTBOX_DB_VERSION = 1;
export const OUTBOX_STORE = 'items';
export const OUTBOX_ORDER_INDEX = 'byOrder';
export const outboxLockName = (userId: string) => `stoa-outbox-sender-${userId}`;
export const outboxChannelName = (userId: string) => `stoa-outbox-${userId}`;
