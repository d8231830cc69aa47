// The notices the details view gives (spec section 4 'Availability', 'Grade visibility',
// imported results), in its order.
import { useIntl } from 'react-intl';
import type { CourseDetailsView, DetailsNotice } from '../../api/contracts/bff';
import { noticeMessages as m } from './messages';
import { formatDay } from './score';

type Tone = 'info' | 'warning';

const TONE: Record<DetailsNotice, Tone> = {
  noReviewRetake: 'info',
  willBeAvailable: 'info',
  wasAvailableBefore: 'warning',
  gradingInProgress: 'info',
  comingSoon: 'info',
  notAvailable: 'warning',
};

export function DetailsNotices({ course }: { course: CourseDetailsView }) {
  const intl = useIntl();
  if (course.notices.length === 0) return null;
  const text = (notice: DetailsNotice) => {
    switch (notice) {
      case 'willBeAvailable':
        return {
          body: intl.formatMessage(m.willBeAvailable, { date: formatDay(intl, course.availabilityDate) ?? '' }),
        };
      case 'wasAvailableBefore':
        return {
          body: intl.formatMessage(m.wasAvailableBefore, { date: formatDay(intl, course.availabilityEndDate) ?? '' }),
        };
      case 'gradingInProgress':
        return { title: intl.formatMessage(m.gradingInProgress), body: intl.formatMessage(m.gradingInProgressText) };
      case 'comingSoon':
        return { title: intl.formatMessage(m.comingSoon), body: intl.formatMessage(m.comingSoonText) };
      case 'noReviewRetake':
        return { body: intl.formatMessage(m.noReviewRetake) };
      case 'notAvailable':
        return { body: intl.formatMessage(m.notAvailable) };
      default:
        return undefined;
    }
  };
  return (
    <ul className="details-notices">
      {course.notices.map((notice) => {
        const content = text(notice);
        if (!content) return null;
        return (
          <li key={notice} className={`notice notice--${TONE[notice]}`} data-notice={notice}>
            <span className="notice__icon" aria-hidden="true">
              {TONE[notice] === 'warning' ? '!' : 'i'}
            </span>
            <span className="notice__text">
              {content.title && <strong className="notice__title">{content.title}</strong>}
              <span>{content.body}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
