import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { scheduledDeletionsMachine } from '../../machines/account/scheduledDeletions.machine';
import { clientOf } from '../shell/api';
import { createAccountDataApi } from '../../api/account/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'accountData'>;

const defaultApi: Calls = clientOf(createAccountDataApi);

/** The admin's list of scheduled deletions with its real effect (apart from "Your data": the member area's deletion notice loads that one). */
export const scheduledDeletionsLogic = ({ api = defaultApi }: { api?: Calls } = {}) =>
  scheduledDeletionsMachine.provide({
    actors: { fetchScheduled: fromPromise(() => api.accountData.scheduledDeletions()) },
  });
