/** Where the API lives, relative to the page's origin (the one path table, src/api/paths.ts, re-exports it). */
export const API_BASE = '/api/v1';

/** GET: what the client needs to know of the server (src/api/config.ts). */
export const CONFIG_PATH = '/config';
