import type { AreaPlugin } from '../areaPlugin';
import { createClientSends } from './clientSends';

/** What a client sent once, so a retried send is not made twice (posts, questions, comments). */
export const sendsArea: AreaPlugin = {
  name: 'sends',
  dependencies: [],
  build: ({ database }) => ({ services: { sends: createClientSends(database) } }),
};
