import { CloudOff } from 'lucide-react';
import { offlineNotice } from '../../api/offline/words';
import { shortTime } from '../shared/shortTime';

/** Above a list shown from its kept copy: the server was not reached; `savedAt` is when the copy was kept. */
export function OfflineNotice({ savedAt }: { savedAt: number }) {
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-xl border border-neutral-300 bg-neutral-100 px-4 py-3 text-sm font-medium text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200"
    >
      <CloudOff aria-hidden="true" size={18} className="shrink-0" />
      {offlineNotice(shortTime(new Date(savedAt).toISOString()))}
    </p>
  );
}
