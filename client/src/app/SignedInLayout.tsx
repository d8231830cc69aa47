// Signed-in pages: wait for the session, provide it, watch it, and draw the shell. A route
// whose feature the tenant turned off is not found.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useMatches } from 'react-router-dom';
import { UnauthorizedError } from '../api/http';
import { useSession } from '../api/hooks';
import NotFoundPage from '../features/errors/NotFoundPage';
import { useSetTimeZone } from '../i18n/I18nProvider';
import { SessionWatcher } from '../session/SessionWatcher';
import { ErrorState } from '../ui/ErrorState';
import { LoadingState } from '../ui/LoadingState';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AppShell } from './AppShell';
import { AppContext, useUiConfigContext } from './context';
import { appMessages } from './messages';
import type { RouteHandle } from './routes';

function StartupError({ onRetry }: { onRetry: () => void }) {
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

function StartupLoading() {
  useDocumentTitle(undefined);
  return (
    <main id="main" className="startup">
      <LoadingState fullPage />
    </main>
  );
}

export function SignedInLayout() {
  const config = useUiConfigContext();
  const session = useSession(true);
  const matches = useMatches();
  useSetTimeZone(session.data?.user.timezone);

  if (session.error instanceof UnauthorizedError) {
    // The fetch wrapper is already taking the browser to the sign-in page.
    return <StartupLoading />;
  }
  if (session.error && !session.data) return <StartupError onRetry={() => void session.mutate()} />;
  if (!session.data) return <StartupLoading />;

  const disabled = matches.some((match) => {
    const feature = (match.handle as RouteHandle | undefined)?.feature;
    return feature !== undefined && !config[feature];
  });
  let page: ReactNode | undefined;
  if (disabled) page = <NotFoundPage />;

  return (
    <AppContext.Provider value={{ config, session: session.data }}>
      <SessionWatcher session={session.data} parentOrigins={config.parentOrigins} />
      <AppShell>{page}</AppShell>
    </AppContext.Provider>
  );
}
