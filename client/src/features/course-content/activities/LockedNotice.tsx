// Why an activity cannot be opened (spec section 8 texts), and the draft / archived banners.
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { lockText } from '../lockReason';
import { lockMessages } from '../messages';

export function ActivityBannerNotice({ activity }: { activity: PlayerActivity }) {
  const intl = useIntl();
  if (!activity.banner) return null;
  const comingSoon = activity.banner === 'comingSoon';
  return (
    <div className={`player-notice player-notice--${comingSoon ? 'soon' : 'gone'}`}>
      <svg viewBox="0 0 20 20" width="24" height="24" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        {comingSoon ? (
          <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        ) : (
          <path d="M6 14 14 6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        )}
      </svg>
      <div>
        <p className="player-notice__title">
          <FormattedMessage {...(comingSoon ? lockMessages.comingSoonBanner : lockMessages.notAvailableBanner)} />
        </p>
        {comingSoon && <p>{lockText(intl, 'comingSoon')}</p>}
      </div>
    </div>
  );
}

export function LockedNotice({ activity }: { activity: PlayerActivity }) {
  const intl = useIntl();
  return (
    <div className="player-notice player-notice--locked">
      <svg viewBox="0 0 20 20" width="24" height="24" aria-hidden="true" focusable="false">
        <rect x="4" y="9" width="12" height="9" rx="2" fill="currentColor" />
        <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <div>
        <p className="player-notice__title">
          <FormattedMessage {...(activity.locked ? lockMessages.heading : lockMessages.disabledHeading)} />
        </p>
        <p className="player-notice__reason">{lockText(intl, activity.lockReason, activity.lockMessage)}</p>
      </div>
    </div>
  );
}
