// Work that can wait until the page has painted: the widgets, and the code of menus, dialogs
// and toasts no page shows at first paint, fetched while the browser is idle (so the first
// paint of a page carries only what it shows; see scripts/bundle-budget.mjs).
import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded (its scripts and styles) and the browser is idle, at the
 * latest `timeoutMs` after the load; returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  let cancel = () => undefined as void;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 1);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancel();
  }
  const onLoad = () => schedule();
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancel();
  };
}

/** False on the first render, true once the browser has been idle after it. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
