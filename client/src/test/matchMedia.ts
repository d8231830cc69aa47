import { vi } from 'vitest';

/**
 * Gives the page a `matchMedia` in which exactly the media queries `holds` accepts match (jsdom
 * has none). Put back after the test (`unstubGlobals`).
 */
export function stubMatchMedia(holds: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: holds(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
