/** The groups area of the contract; the module path src/api/groups keeps resolving. */
export * from './schemas';
