// What a failed enrolment shows, wherever it was started (the catalog course page, its
// `occflow` link, the course details): spec section 8.
import { useCallback } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { problemCode } from '../../api/http';
import { commandFailure } from '../../api/useCommand';
import { showToast } from '../../ui/toasts';
import { catalogCourseMessages as m } from './messages';

/**
 * `const enrolFailed = useEnrolFailure()`, then `enrolFailed(error, { fallback, replace })` in
 * the enrolment's catch. The course never showed up among the learner's after enrolling (the
 * gateway's `enrollment_not_visible`): the generic unknown error, then My courses (`replace`
 * replaces the current history entry). Any other failure: what {@link commandFailure} says
 * (the LMS's first message, a refusal or 'try again later' in the learner's language), else
 * `fallback`, as a critical toast. Answers whether it left for My courses.
 */
export function useEnrolFailure() {
  const intl = useIntl();
  const navigate = useNavigate();
  return useCallback(
    (
      error: unknown,
      { fallback = m.unknownError, replace = false }: { fallback?: MessageDescriptor; replace?: boolean } = {},
    ) => {
      if (problemCode(error) === 'enrollment_not_visible') {
        showToast(intl.formatMessage(m.unknownError), 'critical');
        void navigate('/courses', { replace });
        return true;
      }
      showToast(commandFailure(error, intl)?.message ?? intl.formatMessage(fallback), 'critical');
      return false;
    },
    [intl, navigate],
  );
}
