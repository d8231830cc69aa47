// Language hints on video embeds (spec section 2): the learner's language as the caption and
// interface language parameters the player understands.

/** The language subtag of a locale (`ar-AR` -> `ar`). */
export function languageOf(locale: string): string {
  return locale.split(/[-_]/)[0]?.toLowerCase() || 'en';
}

const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;
const VIMEO = /(^|\.)vimeo\.com$/i;

/** Whether `url` is a video player this module knows. */
export function isVideoEmbed(url: URL): boolean {
  return YOUTUBE.test(url.hostname) || VIMEO.test(url.hostname);
}

/**
 * `url` with the learner's language added where the player reads it: YouTube `hl` (interface)
 * and `cc_lang_pref` (captions), Vimeo `texttrack`. Parameters the content already sets stay.
 */
export function withLanguageHints(url: URL, locale: string): URL {
  const lang = languageOf(locale);
  const hinted = new URL(url.href);
  const set = (name: string, value: string) => {
    if (!hinted.searchParams.has(name)) hinted.searchParams.set(name, value);
  };
  if (YOUTUBE.test(hinted.hostname)) {
    set('hl', lang);
    set('cc_lang_pref', lang);
  } else if (VIMEO.test(hinted.hostname)) {
    set('texttrack', lang);
  }
  return hinted;
}
