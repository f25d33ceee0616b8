import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: {
    box: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
    icon: <CircleAlert size={18} />,
  },
  success: {
    box: 'border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950/60 dark:text-green-200',
    icon: <CircleCheck size={18} />,
  },
  info: {
    box: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-200',
    icon: <Info size={18} />,
  },
  warning: {
    box: 'border-orange-200 bg-orange-50 text-orange-900 dark:border-orange-900 dark:bg-orange-950/60 dark:text-orange-200',
    icon: <TriangleAlert size={18} />,
  },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
  /** e.g. a link ('Request a new link') under the message. */
  action?: ReactNode;
  className?: string;
}

/**
 * A banner inside a card or form. Errors are announced at once (role="alert"); the other tones
 * politely (role="status").
 */
export function Alert({ tone = 'info', title, children, action, className = '' }: AlertProps) {
  const { box, icon } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-xl border px-4 py-3 text-sm ${box} ${className}`}>
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        {icon}
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className="break-words">{children}</div>
        {action ? <div className="mt-1">{action}</div> : null}
      </div>
    </div>
  );
}
