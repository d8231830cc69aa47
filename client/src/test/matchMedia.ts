import { vi } from 'vitest';

/**
 * Gives the page a `matchMedia` in which exactly the media queries `holds` accepts match (jsdom
 * has none). Put back after the test (`unstubGlobals`). Returns a function that tells the page's
 * listeners that the queries may have changed, as a resized window does: call it after `holds`
 * answers differently.
 */
export function stubMatchMedia(holds: (query: string) => boolean): () => void {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return holds(query);
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return () => listeners.forEach((listener) => listener());
}
