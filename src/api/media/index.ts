/** The media area of the contract; the module path src/api/media keeps resolving. */
export * from './schemas';
