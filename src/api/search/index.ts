/** The search area of the contract; the module path src/api/search keeps resolving. */
export * from './schemas';
