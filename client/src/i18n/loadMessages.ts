// Lazy per-locale messages: each locale is its own chunk; en-US is bundled as the fallback
// for ids a translation lacks.
import enUS from './messages/en-US.json';
import { DEFAULT_LOCALE } from './locales';

export type Messages = Record<string, string>;

export const fallbackMessages: Messages = enUS;

export async function loadMessages(locale: string): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return fallbackMessages;
  try {
    const module = (await import(
      /* webpackChunkName: "locale-[request]" */ `./messages/${locale}.json`
    )) as { default: Messages };
    return { ...fallbackMessages, ...module.default };
  } catch {
    // Localization loading failures are swallowed (spec section 8): English it is.
    return fallbackMessages;
  }
}
