// The locales the interface ships, their native names and writing direction.
export const DEFAULT_LOCALE = 'en-US';

export interface LocaleInfo {
  /** BCP 47 tag, also the messages file name. */
  tag: string;
  /** Name of the language in that language, as the language menu shows it. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

export const LOCALES: readonly LocaleInfo[] = [
  { tag: 'en-US', nativeName: 'English', dir: 'ltr' },
  { tag: 'ar-AR', nativeName: 'العربية', dir: 'rtl' },
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

/** Stored choice when offered, else the tenant default when offered, else en-US. */
export function pickLocale(offered: readonly string[], tenantDefault: string | undefined): string {
  const usable = (tag: string | null | undefined): tag is string =>
    isSupported(tag) && (offered.length === 0 || offered.includes(tag));
  const stored = storedLocale();
  if (usable(stored)) return stored;
  if (usable(tenantDefault)) return tenantDefault;
  return DEFAULT_LOCALE;
}
