/** The notifications area of the contract; the module path src/api/notifications keeps resolving. */
export * from './schemas';
