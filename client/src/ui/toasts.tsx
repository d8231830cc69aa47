// Toasts (spec section 9: 7000 ms), on react-aria-components' toast region, which announces
// each toast, lets keyboard users reach the region (F6) and restores focus when it empties.
// No page shows a toast at first paint: the region's code is its own chunk, mounted once the
// browser is idle (or with an earlier first toast), and mounted for good from then on. A region
// whose chunk cannot be fetched (the network gone, a new deploy) leaves the page as it is (it
// sits outside the router's error pages: unguarded, the failure emptied the whole page) and is
// tried again when the network comes back, with the toasts still due.
import { useEffect, useState } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { whenIdle } from '../app/idle';
import { lazyPart } from '../app/lazyPart';
import { OptionalPart } from '../app/OptionalPart';

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
const ToastRegion = lazyPart(loadRegion);

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
    // Fetched ahead; one that fails is fetched again by the first toast.
    const cancel = whenIdle(
      () =>
        void loadRegion().then(
          () => setNeeded(true),
          () => undefined,
        ),
    );
    return () => {
      unsubscribe();
      cancel();
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <OptionalPart>
      <ToastRegion />
    </OptionalPart>
  );
}
