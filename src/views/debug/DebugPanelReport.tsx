import { Bug } from 'lucide-react';
import { downloadReport, journalReport } from '../../effects/debug/journalReport';
import type { Journal } from '../../effects/debug/journal';
import { IconButton } from '../ui/IconButton';

/**
 * "Report a problem" in the event journal's header: saves the journal (already redacted) with the
 * app's version, the route, the screen and the browser as `stoa-report-<time>.json`, a file a
 * developer loads to replay the session step by step (docs/client-shell.md).
 */
export function DebugPanelReport({ journal }: { journal: Journal }) {
  return (
    <IconButton label="Report a problem" className="size-8" onPress={() => downloadReport(journalReport(journal))}>
      <Bug size={16} />
    </IconButton>
  );
}
