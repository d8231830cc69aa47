// Startup: runtime config, then session, then the routes. Providers live here.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError, UnauthorizedError } from '../api/http';
import { useSession, useUiConfig } from '../api/hooks';
import { I18nProvider } from '../i18n/I18nProvider';
import { SessionWatcher } from '../session/SessionWatcher';
import { ErrorState } from '../ui/ErrorState';
import { LoadingState } from '../ui/LoadingState';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AppRoutes } from './AppRoutes';
import { AppContext, ProductNameContext } from './context';
import { appMessages } from './messages';

/** Client errors (4xx) are answers, not hiccups: retry only network failures and 5xx. */
export const swrOptions: SWRConfiguration = {
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status < 500) return;
    if (retryCount >= 3) return;
    const wait = (config.errorRetryInterval ?? 5000) * 2 ** retryCount;
    setTimeout(() => void revalidate({ retryCount }), wait);
  },
};

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

/** Everything inside the router: tests render it under a MemoryRouter. */
export function AppContent() {
  const config = useUiConfig();
  const session = useSession(!!config.data);

  let content: ReactNode;
  if (config.error && !config.data) {
    content = <StartupError onRetry={() => void config.mutate()} />;
  } else if (session.error instanceof UnauthorizedError) {
    // The fetch wrapper is already taking the browser to the sign-in page.
    content = <StartupLoading />;
  } else if (session.error && !session.data) {
    content = <StartupError onRetry={() => void session.mutate()} />;
  } else if (!config.data || !session.data) {
    content = <StartupLoading />;
  } else {
    content = (
      <AppContext.Provider value={{ config: config.data, session: session.data }}>
        <SessionWatcher session={session.data} parentOrigins={config.data.parentOrigins} />
        <AppRoutes />
      </AppContext.Provider>
    );
  }

  return (
    <ProductNameContext.Provider value={config.data?.productName}>
      <I18nProvider
        offered={config.data?.locales}
        tenantDefault={config.data?.defaultLocale}
        timeZone={session.data?.user.timezone}
      >
        {content}
      </I18nProvider>
    </ProductNameContext.Provider>
  );
}

export function App() {
  return (
    <SWRConfig value={swrOptions}>
      <BrowserRouter basename="/learn">
        <AppContent />
      </BrowserRouter>
    </SWRConfig>
  );
}
