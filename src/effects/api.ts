import { createApiClient } from '../api/client';
import { storage } from './storage';

/** The one API client of the browser: same origin, bearer token from storage. */
export const api = createApiClient({ getToken: storage.token });
