/** The users area of the contract; the module path src/api/users keeps resolving. */
export * from './schemas';
