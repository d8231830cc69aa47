// Notices above the page: two dismissible ones, the browser-support alert (spec section 2) and,
// on phones, the mobile warning (a dismissal lasts for the browser session); and, while the
// device has no network, the offline notice. A notice shows at once; its dismiss button (a
// react-aria Button, `ShellButton`) is a chunk of its own that fills the button's place when it
// arrives, so the first paint carries no button code.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMediaQuery } from '../ui/useMediaQuery';
import { useOnline } from '../ui/useOnline';
import { browserVerdict, SUPPORTED_DESKTOP, SUPPORTED_MOBILE } from './browserSupport';
import { CloseIcon, WarningIcon } from './icons';
import { appMessages } from './messages';
import { lazyPart } from './lazyPart';
import { OptionalPart } from './OptionalPart';
import { NARROW_SCREEN } from './SideNav';

const ShellButton = lazyPart(() => import(/* webpackChunkName: "shell-button" */ './ShellButton'));

function useDismissed(storageKey: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return window.sessionStorage.getItem(storageKey) === '1';
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(storageKey, '1');
    } catch {
      // Storage may be off; the notice then stays hidden until the next page load.
    }
  };
  return [dismissed, dismiss];
}

function Notice({
  tone,
  title,
  text,
  onDismiss,
}: {
  tone: 'warning' | 'info';
  title?: string;
  text: string;
  /** Without it the notice has no dismiss button (it goes by itself). */
  onDismiss?: () => void;
}) {
  const intl = useIntl();
  return (
    <div className={`shell-notice shell-notice--${tone}`} role={tone === 'warning' ? 'alert' : 'status'}>
      <WarningIcon />
      <p className="shell-notice__text">
        {title && <strong className="shell-notice__title">{title} </strong>}
        {text}
      </p>
      {onDismiss && (
        <OptionalPart fallback={<span className="shell-notice__dismiss" />}>
          <ShellButton
            className="shell-notice__dismiss"
            aria-label={intl.formatMessage(appMessages.dismiss)}
            onPress={onDismiss}
          >
            <CloseIcon />
          </ShellButton>
        </OptionalPart>
      )}
    </div>
  );
}

export function BrowserSupportAlert({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const intl = useIntl();
  const [dismissed, dismiss] = useDismissed('learner-portal.browser-alert');
  if (dismissed || browserVerdict(userAgent) !== 'unsupported') return null;
  const list = (names: readonly string[]) => intl.formatList(names, { type: 'conjunction' });
  return (
    <Notice
      tone="warning"
      title={intl.formatMessage(appMessages.browserTitle)}
      text={intl.formatMessage(appMessages.browserText, {
        desktop: list(SUPPORTED_DESKTOP),
        mobile: list(SUPPORTED_MOBILE),
      })}
      onDismiss={dismiss}
    />
  );
}

export function MobileWarning() {
  const intl = useIntl();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [dismissed, dismiss] = useDismissed('learner-portal.mobile-warning');
  if (!narrow || dismissed) return null;
  return <Notice tone="info" text={intl.formatMessage(appMessages.mobileWarning)} onDismiss={dismiss} />;
}

/**
 * While the device has no network: what the learner opens or changes cannot reach the portal
 * (a page that fails then says only that something went wrong). It goes by itself once the
 * network is back, when every page's data is fetched again.
 */
export function OfflineNotice() {
  const intl = useIntl();
  if (useOnline()) return null;
  return (
    <Notice
      tone="warning"
      title={intl.formatMessage(appMessages.offlineTitle)}
      text={intl.formatMessage(appMessages.offlineText)}
    />
  );
}
