/** The chat area of the contract; the module path src/api/chat keeps resolving. */
export * from './schemas';
