// The status icon of a contents item (spec section 2), always with its status as visually
// hidden text: draft = clock, completed = green check, below passing = warning, locked = no
// icon, optional = dashed circle, otherwise an empty circle.
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { TocStatus } from '../../../api/contracts/bff';
import { statusMessages } from '../messages';

const paths: Record<Exclude<TocStatus, 'locked'>, ReactElement> = {
  comingSoon: (
    <>
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  completed: (
    <>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path
        d="m6 10.2 2.7 2.7L14.2 7.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  belowPassingScore: (
    <>
      <path d="M10 2 19 18H1L10 2Z" fill="currentColor" />
      <path d="M10 8v4.5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="10" cy="15.2" r="1.1" fill="#fff" />
    </>
  ),
  optional: (
    <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeDasharray="3 2.4" />
  ),
  notStarted: <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />,
};

/** `withText` false: the caller puts the status text itself (after the name, so a link reads
 *  'Introduction, Completed'). */
export function TocStatusIcon({ status, withText = true }: { status: TocStatus; withText?: boolean }) {
  const intl = useIntl();
  return (
    <span className={`toc-status toc-status--${status}`}>
      {status !== 'locked' && (
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          {paths[status]}
        </svg>
      )}
      {withText && <span className="visually-hidden">{intl.formatMessage(statusMessages[status])}</span>}
    </span>
  );
}
