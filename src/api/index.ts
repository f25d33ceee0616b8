export * from './auth';
export * from './client';
export * from './config';
export * from './constants';
export * from './errors';
export * from './paths';
export * from './socket';
