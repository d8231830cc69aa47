// Refetches a view at the moment it says it changes by the clock alone (`refreshAt`), without
// reloading the page. Timers longer than the browser's limit (about 24.8 days) are clamped:
// the view is then asked again early, and answers the same moment.
import { useEffect, useEffectEvent } from 'react';
import { MAX_TIMER_MS } from './timers';

/** Calls `refresh` once `refreshAt` (RFC 3339) has passed; nothing when it is absent or invalid. */
export function useRefreshAt(refreshAt: string | undefined | null, refresh: () => unknown): void {
  // The `refresh` of the latest render; the timer restarts only when `refreshAt` changes.
  const onRefreshAt = useEffectEvent(() => void refresh());
  useEffect(() => {
    if (!refreshAt) return undefined;
    const at = Date.parse(refreshAt);
    if (Number.isNaN(at)) return undefined;
    // A little after the boundary, so the gateway's clock has passed it too.
    const delay = Math.min(Math.max(at - Date.now() + 1000, 0), MAX_TIMER_MS);
    const timer = window.setTimeout(onRefreshAt, delay);
    return () => window.clearTimeout(timer);
  }, [refreshAt]);
}
