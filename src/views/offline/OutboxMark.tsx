import { shallowEqual, useSelector } from '@xstate/react';
import { AlertCircle, Clock } from 'lucide-react';
import { OUTBOX_DELETE_LABEL, OUTBOX_RETRY_LABEL, outboxControls, outboxItemText } from '../../machines/offline/outbox.connect';
import type { OutboxActorRef, OutboxSnapshot } from '../../machines/offline/outbox.machine';
import type { OutboxItem } from '../../machines/offline/outbox.types';
import { useAppChild } from '../AppContext';
import { Button } from '../ui/Button';

/** The member's outbox items a screen shows (the app's outbox machine, systemId 'outbox'). */
export function useOutboxItems<T extends OutboxItem>(select: (s: OutboxSnapshot) => T[]) {
  const outbox = useAppChild('outbox');
  const items = useSelector(outbox, select, shallowEqual);
  return { outbox, items };
}

/** Where an outbox item is: "Waiting to send", "Sending…", or the server's reason with Try again and Delete. */
export function OutboxMark({ outbox, item }: { outbox: OutboxActorRef; item: OutboxItem }) {
  const text = outboxItemText(item);
  if (item.state !== 'failed')
    return (
      <span data-outbox={item.state} className="inline-flex items-center gap-1 text-xs text-neutral-600 dark:text-neutral-400">
        <Clock aria-hidden="true" size={12} />
        {text}
      </span>
    );
  const { retry, remove } = outboxControls(outbox, item.clientId);
  return (
    <span data-outbox="failed" className="inline-flex flex-wrap items-center gap-2 text-xs text-red-700 dark:text-red-400">
      {/* The icon stays with the reason when a long one wraps. */}
      <span className="inline-flex items-start gap-1">
        <AlertCircle aria-hidden="true" size={12} className="mt-0.5 shrink-0" />
        <span>Not sent: {text}</span>
      </span>
      <Button variant="secondary" size="sm" onPress={retry}>
        {OUTBOX_RETRY_LABEL}
      </Button>
      <Button variant="secondary" size="sm" onPress={remove}>
        {OUTBOX_DELETE_LABEL}
      </Button>
    </span>
  );
}
