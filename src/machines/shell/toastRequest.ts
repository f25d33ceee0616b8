import type { ToastType } from '../../api/constants';

/** What a machine asks the toast queue to show (`toasts.show` to the 'toasts' system actor). */
export interface ToastRequest {
  type: ToastType;
  description: string;
}
