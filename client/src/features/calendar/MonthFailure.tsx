// A month whose entries could not be loaded: the failure and Try again take the place of its grid
// (or its agenda days) while the month's title and buttons stay, so the learner can try again or
// move on to another month. Focus stays where the learner has it: on the month button they
// pressed; on Try again when the failure hides the day they were on; and once their Try again has
// loaded the month (its button gone), on the month's content.
import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { ErrorState } from '../../ui/ErrorState';
import { calendarMessages as m } from './messages';

interface Props {
  /** Revalidates the failed month's key. */
  onRetry: () => void;
}

/** What happened to the month's entries, with Try again. */
export function MonthFailure({ onRetry }: Props) {
  const intl = useIntl();
  return (
    <ErrorState
      title={intl.formatMessage(m.loadFailed)}
      description={intl.formatMessage(m.loadFailedHint)}
      onRetry={onRetry}
    />
  );
}

interface Focus {
  /** The month's entries could not be loaded: `MonthFailure` is shown in `failure`. */
  failed: boolean;
  /** The box around `MonthFailure`, while it is shown. */
  failure: RefObject<HTMLElement | null>;
  /** What the failure hides that can hold focus (the grid's days), if anything. */
  hides?: RefObject<HTMLElement | null>;
  /** Where focus goes once the learner's Try again has loaded the month. */
  restore: () => HTMLElement | null | undefined;
  onRetry: () => void;
}

/** Keeps focus around a month's failure (see the file's comment); returns Try again's handler. */
export function useMonthFailureFocus({ failed, failure, hides, restore, onRetry }: Focus): () => void {
  const wasFailed = useRef(failed);
  const retried = useRef(false);
  const restoreFocus = useEffectEvent(() => restore()?.focus());
  useLayoutEffect(() => {
    if (failed === wasFailed.current) return;
    wasFailed.current = failed;
    if (failed) {
      // A day of the grid (reached by Page Down, say) is hidden now: Try again takes its place.
      if (hides?.current?.contains(document.activeElement)) failure.current?.querySelector('button')?.focus();
      return;
    }
    const lost = !document.activeElement || document.activeElement === document.body;
    if (retried.current && lost) restoreFocus();
    retried.current = false;
  }, [failed, failure, hides]);
  return () => {
    retried.current = true;
    onRetry();
  };
}
