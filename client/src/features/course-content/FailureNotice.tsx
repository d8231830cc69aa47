// A small notice in place of what failed in the player and its pages: what failed, the
// command's own explanation when it gives one, and a Try again that repeats exactly what failed
// (the command through its command hook, or the one view's SWR key), in place: the page is not
// reloaded, so nothing the learner did on it is lost.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { uiMessages } from '../../ui/messages';
import { playerMessages } from './messages';
import './failure-notice.css';

interface RetryButtonProps {
  /** Sends the failed command (or read) again; true once it went through. */
  onRetry: () => Promise<boolean>;
  /** The command is on its way (its hook's `isMutating`), whoever sent it. */
  isBusy?: boolean;
  /** Where focus goes once the retry went through (the button is gone then), when it had focus. */
  focusOnSuccess?: () => HTMLElement | null | undefined;
  /**
   * The notice replaces the button of the command that failed: focus, lost with that button,
   * comes to Try again when it appears (and only when focus is nowhere else).
   */
  claimFocus?: boolean;
}

/**
 * 'Try again', busy ('Trying again…', not pressable) while the retry is on its way, so a second
 * press sends nothing. Not react-aria's `isPending`: it announces the pending button by its id
 * after the press, and this button is gone once the retry went through, which would leave an
 * unnamed live region behind (as the LTI launch button found). Disabling it drops focus, so
 * focus comes back to it when the retry failed again.
 */
export function RetryButton({ onRetry, isBusy = false, focusOnSuccess, claimFocus = false }: RetryButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const running = useRef(false);
  const refocus = useRef(false);
  const [pending, setPending] = useState(false);
  const busy = pending || isBusy;
  const claimOnMount = useRef(claimFocus);
  useEffect(() => {
    const active = document.activeElement;
    if (claimOnMount.current && (!active || active === document.body)) button.current?.focus();
  }, []);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [busy]);
  const retry = async () => {
    if (running.current || isBusy) return;
    running.current = true;
    const hadFocus = document.activeElement === button.current;
    setPending(true);
    let succeeded = false;
    try {
      succeeded = await onRetry();
    } finally {
      running.current = false;
      refocus.current = hadFocus && !succeeded;
      if (succeeded && hadFocus) focusOnSuccess?.()?.focus();
      setPending(false);
    }
  };
  return (
    <Button ref={button} className="button button--secondary" isDisabled={busy} onPress={() => void retry()}>
      {busy ? (
        <FormattedMessage {...playerMessages.retrying} />
      ) : (
        // The portal's one 'Try again' (a request that failed), translated in every locale.
        <FormattedMessage {...uiMessages.retry} />
      )}
    </Button>
  );
}

interface FailureNoticeProps extends RetryButtonProps {
  /** What failed, in the learner's words ('The activity could not be launched.'). */
  what: ReactNode;
  /** Why, when the command says (`commandFailure(...).message`: the LMS's words, a refusal). */
  detail?: ReactNode;
  /**
   * Counts the failures: a failure after Try again replaces the text, so the live region the
   * notice sits in announces it again.
   */
  attempt?: number;
  /** `alert` when the notice appears on its own; none inside a live region of the caller's. */
  role?: 'alert';
  className?: string;
}

/** What failed, why when known, and Try again. */
export function FailureNotice({ what, detail, attempt = 0, role, className, ...retry }: FailureNoticeProps) {
  return (
    <div role={role} className={className ? `failure-box failure-notice ${className}` : 'failure-box failure-notice'}>
      <p key={attempt} className="failure-notice__text">
        {what}
        {detail && <span className="failure-notice__detail"> {detail}</span>}
      </p>
      <RetryButton {...retry} />
    </div>
  );
}
