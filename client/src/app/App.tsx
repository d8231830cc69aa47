// Startup: the runtime config (with the locale and the toast region), the embedding bridge (a
// framed portal adopts the session its parent signed in), then the data router.
// Providers sit above the router so every route's error element has messages and config.
import { useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../api/http';
import { fetchKey, useUiConfig } from '../api/hooks';
import type { Key } from '../api/keys';
import { I18nProvider } from '../i18n/I18nProvider';
import { EmbeddingBridge } from '../session/embedding';
import { Toasts } from '../ui/toasts';
import { ProductNameContext, UiConfigContext } from './context';
import { StartupError, StartupLoading } from './Startup';
import { routes } from './routes';

/** Client errors (4xx) are answers, not hiccups: retry only network failures and 5xx. */
export const swrOptions: SWRConfiguration = {
  fetcher: (key: Key) => fetchKey(key),
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status < 500) return;
    if (retryCount >= 3) return;
    const wait = (config.errorRetryInterval ?? 5000) * 2 ** retryCount;
    setTimeout(() => void revalidate({ retryCount }), wait);
  },
};

/** A data router over the route table; tests pass a memory router instead. */
export type RouterFactory = typeof createBrowserRouter;

/** Config, locale, toasts, then the router (made once). */
export function AppContent({ createRouter = createBrowserRouter }: { createRouter?: RouterFactory }) {
  const config = useUiConfig();
  const [router] = useState(() => createRouter(routes, { basename: '/learn' }));
  const content = useMemo(() => {
    if (config.error && !config.data) return <StartupError onRetry={() => void config.mutate()} />;
    if (!config.data) return <StartupLoading />;
    return (
      <UiConfigContext.Provider value={config.data}>
        <EmbeddingBridge parentOrigins={config.data.parentOrigins} />
        <RouterProvider router={router} />
      </UiConfigContext.Provider>
    );
  }, [config, router]);

  return (
    <ProductNameContext.Provider value={config.data?.productName}>
      <I18nProvider offered={config.data?.locales} tenantDefault={config.data?.defaultLocale}>
        {content}
        <Toasts />
      </I18nProvider>
    </ProductNameContext.Provider>
  );
}

export function App() {
  return (
    <SWRConfig value={swrOptions}>
      <AppContent />
    </SWRConfig>
  );
}
