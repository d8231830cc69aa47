import { useCallback, useSyncExternalStore } from 'react';

const canMatch = () => typeof window.matchMedia === 'function';

/**
 * Whether the CSS media `query` matches, re-rendering when that changes (a window resized or
 * turned). False where the environment has no `matchMedia`.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => canMatch() && window.matchMedia(query).matches);
}
