// Lazy per-locale messages: each locale's file is its own chunk (compiled to the message AST at
// build time, see webpack.config.js). English is each message's own text in the code
// (`defaultMessage`, compiled at build time too), so English loads no file and an id a
// translation lacks shows in English. A locale whose file is missing or fails to load is English
// (spec section 8: localization loading failures are swallowed).
import type { MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE } from './locales';

/** Strings (tests, development) or their compiled AST (the production build). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** English: no messages, every text is its `defaultMessage`. */
export const ENGLISH: Messages = {};

/** Fetches a locale's chunk; tests pass their own. */
export type LocaleImporter = (locale: string) => Promise<{ default: Messages }>;

const importLocale: LocaleImporter = (locale) =>
  import(
    /* webpackChunkName: "locale-[request]", webpackExclude: /en-US\.json$/ */ `./messages/${locale}.json`
  ) as Promise<{ default: Messages }>;

/** The locale's messages; `ENGLISH` itself for English and for a file that could not be fetched. */
export async function loadMessages(locale: string, load: LocaleImporter = importLocale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return ENGLISH;
  try {
    return (await load(locale)).default;
  } catch {
    return ENGLISH;
  }
}
