// The course's heading view (the course details, loaded once by the course layout) gives the
// player the course progress and, after finishing, the result. When that view failed on its
// own, the player shows this where the missing part goes, with a Try again that asks again for
// that one view (its SWR key), not for the contents or the activity.
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useCourse } from '../course-details/courseContext';
import { FailureNotice } from './FailureNotice';
import { playerMessages } from './messages';

/** What each part of the player the course view gives says when it is missing. */
const parts = {
  progress: playerMessages.progressFailed,
  result: playerMessages.resultFailed,
} as const;

interface Props {
  part: keyof typeof parts;
  className?: string;
  /** Where focus goes once the view came back, when it was on Try again. */
  focusOnSuccess?: () => HTMLElement | null | undefined;
}

/**
 * The notice, while the course view has failed and gives nothing; nothing otherwise (a failed
 * revalidation keeps showing the view it had).
 */
export function CourseViewFailed({ part, className, focusOnSuccess }: Props) {
  const { course, error, refresh } = useCourse();
  const [failures, setFailures] = useState(0);
  if (!error || course) return null;
  return (
    <FailureNotice
      role="alert"
      className={className}
      what={<FormattedMessage {...parts[part]} />}
      attempt={failures}
      // The bound mutate revalidates the view's own key and resolves with what the cache holds
      // then: nothing when it failed again (not thrown, kept as the view's error).
      onRetry={async () => {
        if ((await refresh()) !== undefined) return true;
        setFailures((n) => n + 1);
        return false;
      }}
      focusOnSuccess={focusOnSuccess}
    />
  );
}
