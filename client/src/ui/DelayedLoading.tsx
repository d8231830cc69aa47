// A loading state that appears only after 300 ms, so a fast answer never flashes a spinner.
import { useEffect, useState } from 'react';
import { LoadingState } from './LoadingState';

export const LOADING_DELAY_MS = 300;

export function DelayedLoading({ fullPage = false, delay = LOADING_DELAY_MS }: { fullPage?: boolean; delay?: number }) {
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return shown ? <LoadingState fullPage={fullPage} /> : <div aria-busy="true" className="loading-placeholder" />;
}
