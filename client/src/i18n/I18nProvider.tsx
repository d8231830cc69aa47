// Locale state, lazy messages, <html lang dir>, and the IntlProvider (time zone set once here).
// Formatting uses `formattingLocale`: Arabic with Latin digits, English where Intl has no data.
// A locale whose file could not be fetched shows in English (spec section 8) and is fetched again
// when the browser is back online, rather than staying English until a reload.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { IntlProvider } from 'react-intl';
import { setRequestLocale } from '../api/http';
import { ENGLISH, loadMessages, type LocaleImporter, type Messages } from './loadMessages';
import { DEFAULT_LOCALE, directionOf, formattingLocale, offeredLocales, pickLocale, storeLocale } from './locales';

interface LocaleContextValue {
  locale: string;
  /** Locales the tenant offers in the language menu. */
  offered: readonly string[];
  setLocale: (tag: string) => void;
  /** Sets the learner's time zone (from the session), used by every date format. */
  setTimeZone: (timeZone: string | undefined) => void;
}

const LocaleContext = createContext<LocaleContextValue>({
  locale: DEFAULT_LOCALE,
  offered: [DEFAULT_LOCALE],
  setLocale: () => undefined,
  setTimeZone: () => undefined,
});

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** Sets the IntlProvider's time zone once the learner's is known (the signed-in layout). */
export function useSetTimeZone(timeZone: string | undefined): void {
  const { setTimeZone } = useContext(LocaleContext);
  useEffect(() => {
    if (timeZone) setTimeZone(timeZone);
  }, [timeZone, setTimeZone]);
}

interface Props {
  /** UiConfig.locales, once known. */
  offered?: readonly string[];
  /** UiConfig.defaultLocale, once known. */
  tenantDefault?: string;
  /** The time zone before the session says the learner's (tests). */
  timeZone?: string;
  /** Fetches a locale's file (tests; the locale's chunk otherwise). */
  importLocale?: LocaleImporter;
  children: ReactNode;
}

export function I18nProvider({
  offered = [],
  tenantDefault,
  timeZone: initialTimeZone,
  importLocale,
  children,
}: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [timeZone, setTimeZoneState] = useState<string | undefined>(initialTimeZone);
  const setTimeZone = useCallback((tz: string | undefined) => setTimeZoneState(tz), []);
  const locale = chosen ?? pickLocale(offered, tenantDefault);
  const offeredKnown = useMemo(() => offeredLocales(offered), [offered]);
  const [loaded, setLoaded] = useState<{ locale: string; messages: Messages }>({
    locale: DEFAULT_LOCALE,
    messages: ENGLISH,
  });

  // Bumped to fetch a locale's file again once the browser is back online.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const again = () => setAttempt((n) => n + 1);
    setRequestLocale(locale);
    void loadMessages(locale, importLocale).then((messages) => {
      if (!current) return;
      setLoaded({ locale, messages });
      if (messages === ENGLISH && locale !== DEFAULT_LOCALE) window.addEventListener('online', again, { once: true });
    });
    return () => {
      current = false;
      window.removeEventListener('online', again);
    };
  }, [locale, importLocale, attempt]);

  useEffect(() => {
    const root = document.documentElement;
    root.lang = loaded.locale;
    root.dir = directionOf(loaded.locale);
  }, [loaded.locale]);

  const setLocale = useCallback((tag: string) => {
    storeLocale(tag);
    setChosen(tag);
  }, []);

  const value = useMemo(
    () => ({
      locale: loaded.locale,
      offered: offeredKnown,
      setLocale,
      setTimeZone,
    }),
    [loaded.locale, offeredKnown, setLocale, setTimeZone],
  );
  const format = formattingLocale(loaded.locale);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={format} defaultLocale={DEFAULT_LOCALE} messages={loaded.messages} timeZone={timeZone}>
        <AriaI18nProvider locale={format}>{children}</AriaI18nProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
