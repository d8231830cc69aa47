// Types of `i18n-lib.mjs` (a plain ES module of the build scripts) for the TypeScript tests.

/** Parses `text` as ICU MessageFormat; the arguments it uses, or the parse error. */
export function parseMessage(
  text: string,
): { args: Set<string>; error?: undefined } | { args?: undefined; error: string };

/** Problems of one locale's messages against the English source. */
export function checkLocale(source: Record<string, string>, translated: Record<string, unknown>): string[];

/** Problems of the English source itself: messages that do not parse. */
export function checkSource(source: Record<string, string>): string[];

/** The locale tags of `src/i18n/locales.ts` (the LOCALES list), read from its source. */
export function localeTags(localesSource: string): string[];
