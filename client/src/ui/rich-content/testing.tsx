// Test helper: renders RichContent with the providers the app gives it.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { AppContext } from '../../app/context';
import { sessionView, uiConfig } from '../../test/factories';
import { Toasts } from '../toasts';
import { RichContent } from './RichContent';

interface Options {
  locale?: string;
  signedIn?: boolean;
  storageOrigins?: readonly string[];
}

export function Providers({ locale = 'en-US', signedIn = false, children }: Options & { children: ReactNode }) {
  const content = (
    <>
      {children}
      <Toasts />
    </>
  );
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <IntlProvider locale={locale} defaultLocale="en-US" onError={() => undefined}>
        <I18nProvider locale={locale}>
          {signedIn ? (
            <AppContext.Provider value={{ config: uiConfig(), session: sessionView() }}>{content}</AppContext.Provider>
          ) : (
            content
          )}
        </I18nProvider>
      </IntlProvider>
    </SWRConfig>
  );
}

export function renderRichContent(html: string, options: Options = {}) {
  const user = userEvent.setup();
  const utils = render(
    <Providers {...options}>
      <RichContent html={html} storageOrigins={options.storageOrigins} />
    </Providers>,
  );
  return { ...utils, user };
}
