// The whole-page states before a page can show: loading the config or the session, or their
// failure with a retry. Used above the router (config) and by the signed-in layout (session).
import { FormattedMessage } from 'react-intl';
import { ErrorState } from '../ui/ErrorState';
import { LoadingState } from '../ui/LoadingState';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { appMessages } from './messages';

export function StartupError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle(undefined);
  return (
    <main id="main" className="startup">
      <ErrorState
        title={<FormattedMessage {...appMessages.startupFailed} />}
        description={<FormattedMessage {...appMessages.startupFailedHint} />}
        onRetry={onRetry}
      />
    </main>
  );
}

export function StartupLoading() {
  useDocumentTitle(undefined);
  return (
    <main id="main" className="startup">
      <LoadingState fullPage />
    </main>
  );
}
