/** The moderation area of the contract; the module path src/api/moderation keeps resolving. */
export * from './schemas';
