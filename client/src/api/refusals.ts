// The gateway's own refusals and failure texts of a command (a stable code: spec sections 4 and
// 8), said in the learner's language, dates in their time zone. The problem's English `detail`
// is for other callers of the API.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { Problem } from './contracts/bff';

const m = defineMessages({
  comingSoon: {
    id: 'refusal.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Notification when a course could not be started because it is not published yet',
  },
  notAvailable: {
    id: 'refusal.notAvailable',
    defaultMessage: 'This content is not available at the moment. Please come back later or ask your administrator.',
    description: 'Notification when a course could not be started because it was withdrawn',
  },
  willBeAvailable: {
    id: 'refusal.willBeAvailable',
    defaultMessage: 'Will be available to start on {date}',
    description: 'Notification when a course could not be started yet; {date} is the day it can be started',
  },
  wasAvailableBefore: {
    id: 'refusal.wasAvailableBefore',
    defaultMessage: 'Was available to start before {date}',
    description: 'Notification when a course can no longer be started; {date} is the last day it could be',
  },
  attemptNotFinished: {
    id: 'refusal.attemptNotFinished',
    defaultMessage: 'The last attempt of this course is not finished yet.',
    description:
      'Notification when a course could not be started again because the handed-in attempt is still being graded',
  },
  noRetake: {
    id: 'refusal.noRetake',
    defaultMessage: 'This course is finished and cannot be started again.',
    description: 'Notification when a finished course could not be started again because retakes are not allowed',
  },
  activityUnavailable: {
    id: 'refusal.activityUnavailable',
    defaultMessage: 'The activity is no longer available.',
    description: 'Message when an activity (an external tool, a group activity) could not be opened because it closed',
  },
  activityNotStarted: {
    id: 'refusal.activityNotStarted',
    defaultMessage: 'The activity was never started.',
    description: 'Message when an external tool activity could not be opened because it was not started first',
  },
  noProctoringSession: {
    id: 'refusal.noProctoringSession',
    defaultMessage: 'The proctoring session is not open.',
    description: 'Message when a proctored exam could not be started because its supervision session is not open',
  },
  commandCanceled: {
    id: 'refusal.commandCanceled',
    defaultMessage: 'The command was canceled.',
    description:
      'Notification when the learning platform canceled an action (enrolling, submitting) before it finished',
  },
  errorsUnexplained: {
    id: 'refusal.errorsUnexplained',
    defaultMessage: 'Server accepted command but encountered errors.',
    description: 'Notification when the learning platform failed an action and gave no reason for its errors',
  },
  failedUnexplained: {
    id: 'refusal.failedUnexplained',
    defaultMessage: 'Server accepted command but encountered an unknown error.',
    description: 'Notification when the learning platform failed an action without saying any error',
  },
  statusUnknown: {
    id: 'refusal.statusUnknown',
    defaultMessage: 'Server returns unknown error.',
    description: 'Notification when the learning platform answered an action with a state the portal does not know',
  },
  tooManyRequests: {
    id: 'refusal.tooManyRequests',
    defaultMessage: 'Too many requests at once. Please wait a moment and try again.',
    description:
      'Notification when the portal refused an action because the learner sent many at the same time (pressing a button repeatedly)',
  },
});

/** Refusals said as they are, by code. */
const PLAIN = new Map<string, MessageDescriptor>([
  ['coming_soon', m.comingSoon],
  ['not_available', m.notAvailable],
  ['attempt_not_finished', m.attemptNotFinished],
  ['no_retake', m.noRetake],
  ['activity_unavailable', m.activityUnavailable],
  ['activity_not_started', m.activityNotStarted],
  ['no_proctoring_session', m.noProctoringSession],
  ['command_canceled', m.commandCanceled],
  ['command_errors_unexplained', m.errorsUnexplained],
  ['command_failed_unexplained', m.failedUnexplained],
  ['command_status_unknown', m.statusUnknown],
  ['too_many_requests', m.tooManyRequests],
]);

/** Refusals that name a date (the problem's `date`), by code. */
const DATED = new Map<string, MessageDescriptor>([
  ['will_be_available', m.willBeAvailable],
  ['was_available_before', m.wasAvailableBefore],
]);

/** The learner-language text of a refusal the gateway names by its code; undefined for others. */
export function refusalText(problem: Problem | undefined, intl: IntlShape): string | undefined {
  const code = problem?.error ?? '';
  const plain = PLAIN.get(code);
  if (plain) return intl.formatMessage(plain);
  const dated = DATED.get(code);
  if (dated && problem?.date)
    return intl.formatMessage(dated, { date: intl.formatDate(problem.date, { dateStyle: 'long' }) });
  return undefined;
}
