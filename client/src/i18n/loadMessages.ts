// Lazy per-locale messages: each locale file is its own chunk; en-US is bundled as the fallback
// for ids a translation lacks. A locale whose file is missing or fails to load is English
// (spec section 8: localization loading failures are swallowed).
import enUS from './messages/en-US.json';
import { DEFAULT_LOCALE } from './locales';

export type Messages = Record<string, string>;

export const fallbackMessages: Messages = enUS;

/** Fetches a locale's chunk; tests pass their own. */
export type LocaleImporter = (locale: string) => Promise<{ default: Messages }>;

const importLocale: LocaleImporter = (locale) =>
  import(/* webpackChunkName: "locale-[request]" */ `./messages/${locale}.json`) as Promise<{ default: Messages }>;

export async function loadMessages(locale: string, load: LocaleImporter = importLocale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return fallbackMessages;
  try {
    const module = await load(locale);
    return { ...fallbackMessages, ...module.default };
  } catch {
    return fallbackMessages;
  }
}
