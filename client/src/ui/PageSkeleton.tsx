// The loading state of a page: announced at once ("Loading…" for screen readers), drawn as a
// placeholder only when the answer takes longer than 300 ms, so fast pages never flash.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { uiMessages } from './messages';
import './page-skeleton.css';

/** Blocking-loader debounce of spec section 9. */
export const SKELETON_DELAY_MS = 300;

/** True once `ms` have passed since the first render. */
export function useDelayed(ms = SKELETON_DELAY_MS): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPassed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return passed;
}

/** A heading block shaped placeholder: a cover beside lines of text. */
export function PageSkeleton() {
  const intl = useIntl();
  const show = useDelayed();
  return (
    <div role="status" aria-busy="true" className="page-skeleton">
      <span className="visually-hidden">{intl.formatMessage(uiMessages.loading)}</span>
      {show && (
        <div aria-hidden="true" className="page-skeleton__hero">
          <div className="skeleton page-skeleton__cover" />
          <div className="page-skeleton__lines">
            <div className="skeleton skeleton--line" style={{ inlineSize: '30%' }} />
            <div className="skeleton skeleton--title" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line" style={{ inlineSize: '60%' }} />
          </div>
        </div>
      )}
    </div>
  );
}
