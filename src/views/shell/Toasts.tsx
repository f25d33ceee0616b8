import { useSelector } from '@xstate/react';
import { CircleCheck, CircleX, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import type { FocusEvent } from 'react';
import { TOAST_LONG_TEXT } from '../../api/constants';
import type { NotificationIcon } from '../../machines/notifications/notifications.machine';
import type { QueuedToast, ToastQueueActorRef } from '../../machines/shell/toastQueue.machine';
import { shownToasts } from '../../machines/shell/toastQueue.connect';
import { useApp } from '../AppContext';
import { IconButton } from '../ui/IconButton';

const icons: Record<NotificationIcon, LucideIcon> = {
  'circle-check': CircleCheck,
  'circle-x': CircleX,
  info: Info,
  'triangle-alert': TriangleAlert,
};

/**
 * The toast stack of the app's toast queue (systemId 'toasts'): top-right, stacked (spec section
 * 2), just below the sticky header so it covers none of its controls (the layouts publish the
 * header's height as --app-header-height; without a header it starts at the top). On phones
 * (below 640px) it spans the width. Hovering or focusing it pauses the countdown.
 */
export function Toasts() {
  const app = useApp();
  const queue = useSelector(app, (s) => s.children.toasts);
  return queue ? <ToastStack queue={queue} /> : null;
}

export function ToastStack({ queue }: { queue: ToastQueueActorRef }) {
  const toasts = useSelector(queue, shownToasts);
  const resumeUnlessInside = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) queue.send({ type: 'toasts.resume' });
  };
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-2 top-[calc(var(--app-header-height,0px)+0.5rem)] z-50 flex justify-end sm:inset-x-4"
    >
      <ol
        className="pointer-events-auto flex w-full flex-col gap-2 sm:w-96"
        onMouseEnter={() => queue.send({ type: 'toasts.pause' })}
        onMouseLeave={() => queue.send({ type: 'toasts.resume' })}
        onFocus={() => queue.send({ type: 'toasts.pause' })}
        onBlur={resumeUnlessInside}
      >
        {toasts.map((toast) => (
          <ToastItem
            key={toast.notification.id}
            toast={toast}
            onDismiss={() => queue.send({ type: 'toasts.dismiss', id: toast.notification.id })}
          />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: QueuedToast; onDismiss: () => void }) {
  const { description, type, icon, backgroundColor } = toast.notification;
  const Icon = icons[icon];
  const long = description.length > TOAST_LONG_TEXT;
  const urgent = type === 'error' || type === 'warning';
  return (
    <li
      data-toast-type={type}
      className="flex items-start gap-3 rounded-2xl px-4 py-3 text-white shadow-lg motion-safe:animate-[toast-in_180ms_ease-out]"
      style={{ backgroundColor }}
    >
      <Icon aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
      <p
        role={urgent ? 'alert' : 'status'}
        aria-live={urgent ? 'assertive' : 'polite'}
        aria-atomic="true"
        className={`min-w-0 flex-1 self-center break-words font-medium ${long ? 'text-xs leading-snug' : 'text-sm'}`}
      >
        {description}
      </p>
      <IconButton label="Dismiss notification" tone="onColor" className="-my-1.5 -mr-2 size-8" onPress={onDismiss}>
        <X size={16} />
      </IconButton>
    </li>
  );
}
