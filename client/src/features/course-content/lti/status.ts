import type { MessageDescriptor } from 'react-intl';
import type { CourseStatus } from '../../../api/contracts/bff';
import { ltiMessages } from './messages';

/** The label of a workflow or activity status. */
export const statusMessage: Record<CourseStatus, MessageDescriptor> = {
  notStarted: ltiMessages.statusNotStarted,
  inProgress: ltiMessages.statusInProgress,
  submitted: ltiMessages.statusSubmitted,
  inGrading: ltiMessages.statusInGrading,
  graded: ltiMessages.statusGraded,
  gradingApproved: ltiMessages.statusGradingApproved,
  finished: ltiMessages.statusFinished,
};
