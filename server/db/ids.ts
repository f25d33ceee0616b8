import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids (UUIDv7): they sort by creation, which keeps indexes and pagination simple. */
export const newId = (): string => uuidv7();
