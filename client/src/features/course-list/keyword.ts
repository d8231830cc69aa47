/** Keyword search normalisation (spec section 5): lower-cased and left-trimmed. */
export function normaliseKeyword(value: string): string {
  return value.toLowerCase().trimStart();
}

/** Search debounce (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;
