import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { scheduledDeletionsMachine } from '../../machines/account/scheduledDeletions.machine';
import { api as defaultApi } from '../shell/api';

/** The admin's list of scheduled deletions with its real effect (apart from "Your data": the member area's deletion notice loads that one). */
export const scheduledDeletionsLogic = ({ api = defaultApi }: { api?: ApiClient } = {}) =>
  scheduledDeletionsMachine.provide({
    actors: { fetchScheduled: fromPromise(() => api.accountData.scheduledDeletions()) },
  });
