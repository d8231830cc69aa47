// The toast region (react-aria-components): announces each toast, lets keyboard users reach the
// region (F6) and restores focus when it empties. Its own chunk, see `Toasts`.
import { useIntl } from 'react-intl';
import {
  Button,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Text,
} from 'react-aria-components';
import { uiMessages } from './messages';
import { toastQueue } from './toasts';

export default function ToastRegion() {
  const intl = useIntl();
  return (
    <AriaToastRegion
      queue={toastQueue}
      className="toast-region"
      aria-label={intl.formatMessage(uiMessages.notifications)}
    >
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
    </AriaToastRegion>
  );
}
