// Toasts (spec section 9: 7000 ms), on react-aria-components' toast region, which announces
// each toast, lets keyboard users reach the region (F6) and restores focus when it empties.
// No page shows a toast at first paint: the region's code is its own chunk, mounted once the
// browser is idle (or with an earlier first toast), and mounted for good from then on.
import { lazy, Suspense, useEffect, useState } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { whenIdle } from '../app/idle';

export type ToastVariant = 'success' | 'critical' | 'info';

export interface ToastContentValue {
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** Toast duration of spec section 9. */
export const TOAST_TIMEOUT_MS = 7000;

/** The one queue of the page; features add to it through `showToast`. */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 3 });

/** Shows a toast for 7 s (critical toasts too: they also stay readable in the region). */
export function showToast(title: string, variant: ToastVariant = 'info', description?: string): void {
  toastQueue.add({ title, description, variant }, { timeout: TOAST_TIMEOUT_MS });
}

const loadRegion = () => import(/* webpackChunkName: "toasts" */ './ToastRegion');
const ToastRegion = lazy(loadRegion);

/** Mounted once by the app; renders nothing while the queue is empty. */
export function Toasts() {
  const [needed, setNeeded] = useState(() => toastQueue.visibleToasts.length > 0);
  useEffect(() => {
    if (needed) return undefined;
    const check = () => {
      if (toastQueue.visibleToasts.length > 0) setNeeded(true);
    };
    check();
    const unsubscribe = toastQueue.subscribe(check);
    const cancel = whenIdle(() => void loadRegion().then(() => setNeeded(true)));
    return () => {
      unsubscribe();
      cancel();
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
