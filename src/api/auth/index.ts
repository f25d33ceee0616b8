/** The auth area of the contract; the module path src/api/auth keeps resolving. */
export * from './schemas';
