// Toasts (spec section 9: 7000 ms), on react-aria-components' toast region, which announces
// each toast, lets keyboard users reach the region (F6) and restores focus when it empties.
import { useIntl } from 'react-intl';
import {
  Button,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Text,
} from 'react-aria-components';
import { uiMessages } from './messages';

export type ToastVariant = 'success' | 'critical' | 'info';

export interface ToastContentValue {
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** Toast duration of spec section 9. */
export const TOAST_TIMEOUT_MS = 7000;

/** The one queue of the page; features add to it through `showToast`. */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 3 });

/** Shows a toast for 7 s (critical toasts too: they also stay readable in the region). */
export function showToast(title: string, variant: ToastVariant = 'info', description?: string): void {
  toastQueue.add({ title, description, variant }, { timeout: TOAST_TIMEOUT_MS });
}

/** Mounted once by the app; renders nothing while the queue is empty. */
export function Toasts() {
  const intl = useIntl();
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label={intl.formatMessage(uiMessages.notifications)}>
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast--${toast.content.variant}`}>
          <ToastContent className="toast__content">
            <Text slot="title" className="toast__title">
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="toast__description">
                {toast.content.description}
              </Text>
            )}
          </ToastContent>
          <Button slot="close" className="toast__close" aria-label={intl.formatMessage(uiMessages.close)}>
            <span aria-hidden="true">×</span>
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
