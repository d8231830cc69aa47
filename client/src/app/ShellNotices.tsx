// Two dismissible notices above the page: the browser-support alert (spec section 2) and, on
// phones, the mobile warning. A dismissal lasts for the browser session. A notice shows at
// once; its dismiss button (a react-aria Button, `ShellButton`) is a chunk of its own that fills
// the button's place when it arrives, so the first paint carries no button code.
import { lazy, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMediaQuery } from '../ui/useMediaQuery';
import { browserVerdict, SUPPORTED_DESKTOP, SUPPORTED_MOBILE } from './browserSupport';
import { CloseIcon, WarningIcon } from './icons';
import { appMessages } from './messages';
import { OptionalPart } from './OptionalPart';
import { NARROW_SCREEN } from './SideNav';

const ShellButton = lazy(() => import(/* webpackChunkName: "shell-button" */ './ShellButton'));

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
  onDismiss: () => void;
}) {
  const intl = useIntl();
  return (
    <div className={`shell-notice shell-notice--${tone}`} role={tone === 'warning' ? 'alert' : 'status'}>
      <WarningIcon />
      <p className="shell-notice__text">
        {title && <strong className="shell-notice__title">{title} </strong>}
        {text}
      </p>
      <OptionalPart fallback={<span className="shell-notice__dismiss" />}>
        <ShellButton
          className="shell-notice__dismiss"
          aria-label={intl.formatMessage(appMessages.dismiss)}
          onPress={onDismiss}
        >
          <CloseIcon />
        </ShellButton>
      </OptionalPart>
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
