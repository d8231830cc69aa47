// The blocking loader of route changes (spec section 9: 300 ms debounce): while the data router
// loads the next page's chunk for longer than 300 ms, a veil with a spinner covers the page, so
// a quick navigation never flashes it.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigation } from 'react-router-dom';
import { appMessages } from './messages';

export const BLOCKING_LOADER_DELAY_MS = 300;

/** Whether a navigation has been under way for longer than the debounce. */
export function useSlowNavigation(): boolean {
  const busy = useNavigation().state !== 'idle';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), BLOCKING_LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return slow;
}

export function NavigationLoader({ show }: { show: boolean }) {
  const intl = useIntl();
  if (!show) return null;
  return (
    <div className="nav-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{intl.formatMessage(appMessages.navigating)}</span>
    </div>
  );
}
