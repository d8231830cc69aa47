// The course-unavailable page (spec section 2 and 8): a course that answers 400, 401, 403 or 404.
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../ui/PageHeading';
import { unavailableMessages as m } from './messages';
import '../../ui/pill.css';
import './course-details.css';

export function CourseUnavailable() {
  const intl = useIntl();
  return (
    <section className="page course-unavailable">
      <div className="course-unavailable__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="3">
          <rect x="10" y="21" width="28" height="20" rx="3" />
          <path d="M16 21v-6a8 8 0 0116 0v6" strokeLinecap="round" />
        </svg>
      </div>
      <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
      <p>{intl.formatMessage(m.text)}</p>
      <Link to="/courses" className="button button--primary">
        {intl.formatMessage(m.back)}
      </Link>
    </section>
  );
}

/** Statuses of a course load that mean "this learner cannot open this course" (spec section 8). */
export const COURSE_UNAVAILABLE_STATUSES: readonly number[] = [400, 401, 403, 404];
