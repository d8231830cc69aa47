// The locales the interface knows (spec section 9), their native names, writing direction and
// the locale dates and numbers are formatted in. A locale is offered when the tenant's config
// lists it; its messages load lazily (one chunk per file in ./messages).
export const DEFAULT_LOCALE = 'en-US';

export interface LocaleInfo {
  /** BCP 47 tag, also the messages file name. */
  tag: string;
  /** Name of the language in that language, as the language menu shows it. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
  /**
   * The locale dates and numbers are formatted in, when it differs from `tag`: Arabic keeps
   * Latin digits (numbering system `latn`).
   */
  format?: string;
}

export const LOCALES: readonly LocaleInfo[] = [
  { tag: 'ar-AR', nativeName: 'العربية', dir: 'rtl', format: 'ar-AR-u-nu-latn' },
  { tag: 'bg-BG', nativeName: 'Български', dir: 'ltr' },
  { tag: 'bn-BD', nativeName: 'বাংলা', dir: 'ltr' },
  { tag: 'cs-CZ', nativeName: 'Čeština', dir: 'ltr' },
  { tag: 'da-DK', nativeName: 'Dansk', dir: 'ltr' },
  { tag: 'de-DE', nativeName: 'Deutsch', dir: 'ltr' },
  { tag: 'en-US', nativeName: 'English', dir: 'ltr' },
  { tag: 'es-ES', nativeName: 'Español', dir: 'ltr' },
  { tag: 'fi-FI', nativeName: 'Suomi', dir: 'ltr' },
  { tag: 'fr-FR', nativeName: 'Français', dir: 'ltr' },
  { tag: 'hi-IN', nativeName: 'हिन्दी', dir: 'ltr' },
  { tag: 'hu-HU', nativeName: 'Magyar', dir: 'ltr' },
  { tag: 'id-ID', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  { tag: 'it-IT', nativeName: 'Italiano', dir: 'ltr' },
  { tag: 'ja-JP', nativeName: '日本語', dir: 'ltr' },
  { tag: 'ko-KR', nativeName: '한국어', dir: 'ltr' },
  { tag: 'la', nativeName: 'Latina', dir: 'ltr' },
  { tag: 'ms-MY', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  { tag: 'my-MM', nativeName: 'မြန်မာ', dir: 'ltr' },
  { tag: 'nb-NO', nativeName: 'Norsk bokmål', dir: 'ltr' },
  { tag: 'nl-NL', nativeName: 'Nederlands', dir: 'ltr' },
  { tag: 'pl-PL', nativeName: 'Polski', dir: 'ltr' },
  { tag: 'pt-BR', nativeName: 'Português (Brasil)', dir: 'ltr' },
  { tag: 'pt-PT', nativeName: 'Português (Portugal)', dir: 'ltr' },
  { tag: 'ro-RO', nativeName: 'Română', dir: 'ltr' },
  { tag: 'ru-RU', nativeName: 'Русский', dir: 'ltr' },
  { tag: 'sr-Latn-RS', nativeName: 'Srpski', dir: 'ltr' },
  { tag: 'sv-SE', nativeName: 'Svenska', dir: 'ltr' },
  { tag: 'ta-IN', nativeName: 'தமிழ்', dir: 'ltr' },
  { tag: 'th-TH', nativeName: 'ไทย', dir: 'ltr' },
  { tag: 'tr-TR', nativeName: 'Türkçe', dir: 'ltr' },
  { tag: 'uk-UA', nativeName: 'Українська', dir: 'ltr' },
  { tag: 'vi-VN', nativeName: 'Tiếng Việt', dir: 'ltr' },
  { tag: 'zh-CN', nativeName: '简体中文', dir: 'ltr' },
  { tag: 'zh-TW', nativeName: '繁體中文', dir: 'ltr' },
];

export function localeInfo(tag: string): LocaleInfo | undefined {
  return LOCALES.find((l) => l.tag === tag);
}

export function isSupported(tag: string | null | undefined): tag is string {
  return !!tag && LOCALES.some((l) => l.tag === tag);
}

export function directionOf(tag: string): 'ltr' | 'rtl' {
  return localeInfo(tag)?.dir ?? 'ltr';
}

/** Whether the browser's Intl has formatting data for `tag` (dates, numbers and plurals). */
function hasIntlData(tag: string): boolean {
  try {
    return (
      Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 &&
      Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 &&
      Intl.PluralRules.supportedLocalesOf([tag]).length > 0
    );
  } catch {
    return false;
  }
}

/**
 * The locale dates, numbers and plurals are formatted in. Browsers have no Intl data for some
 * interface languages (Latin, `la`): those format as en-US rather than failing or guessing.
 */
export function formattingLocale(tag: string, intlHas: (tag: string) => boolean = hasIntlData): string {
  const wanted = localeInfo(tag)?.format ?? tag;
  return intlHas(wanted) ? wanted : DEFAULT_LOCALE;
}

/** Where the learner's choice is remembered. */
export const LOCALE_STORAGE_KEY = 'learner-portal.locale';

export function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(tag: string): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, tag);
  } catch {
    // Storage may be disabled (private mode, embedded frames); the choice then lasts the visit.
  }
}

/** Locales of the tenant's list the interface knows, in the list's order. */
export function offeredLocales(configured: readonly string[]): string[] {
  const known = configured.filter(isSupported);
  return known.length ? known : [DEFAULT_LOCALE];
}

/** Stored choice when offered, else the tenant default when offered, else en-US. */
export function pickLocale(offered: readonly string[], tenantDefault: string | undefined): string {
  const usable = (tag: string | null | undefined): tag is string =>
    isSupported(tag) && (offered.length === 0 || offered.includes(tag));
  const stored = storedLocale();
  if (usable(stored)) return stored;
  if (usable(tenantDefault)) return tenantDefault;
  return DEFAULT_LOCALE;
}
