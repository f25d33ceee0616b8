/** The posts area of the contract; the module path src/api/posts keeps resolving. */
export * from './schemas';
