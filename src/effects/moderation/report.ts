import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { reportMachine, type ReportSend } from '../../machines/moderation/report.machine';
import type { bridgeActions } from '../shell/bridge';

/**
 * What a report sends, by its subject: POST /reportpost `{postId, reason, details}`, or POST
 * /reportprofile `{userId, reason, details?}` (details only when given, as that path always took
 * them). The reason is one of the one list (REPORT_REASONS) either way (docs/api.md).
 */
export function sendReport(api: Pick<ApiClient, 'moderation' | 'users'>, { subject, reason, details }: ReportSend): Promise<unknown> {
  return subject.kind === 'post'
    ? api.moderation.reportPost({ postId: subject.postId, reason, details })
    : api.users.reportProfile({ userId: subject.userId, reason, ...(details.trim() ? { details } : {}) });
}

/** The report dialog's machine with its effects: the post's '…' menu and the profile's use this one. */
export const reportLogic = (api: Pick<ApiClient, 'moderation' | 'users'>, bridge: Pick<ReturnType<typeof bridgeActions>, 'showToast'>) =>
  reportMachine.provide({
    actors: { sendReport: fromPromise(({ input }: { input: ReportSend }) => sendReport(api, input)) },
    actions: { showToast: bridge.showToast },
  });
