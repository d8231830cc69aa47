import { defineMessages } from 'react-intl';

export const cardMessages = defineMessages({
  code: {
    id: 'courseCard.code',
    defaultMessage: 'Code: {code}',
    description: 'Course code on a course card',
  },
  progress: {
    id: 'courseCard.progress',
    defaultMessage: 'Progress',
    description: 'Accessible name of the progress bar on a course card',
  },
  duration: {
    id: 'courseCard.duration',
    defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}',
    description: 'Duration of a course on its card, in whole minutes',
  },
  activities: {
    id: 'courseCard.activities',
    defaultMessage: '{count, plural, one {# activity} other {# activities}}',
    description: 'Number of sub-activities of a course on its card (tile mode)',
  },
  mandatory: {
    id: 'courseCard.mandatory',
    defaultMessage: 'Mandatory',
    description: 'Tag on the card of a course the learner must take',
  },
  comingSoon: {
    id: 'courseCard.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Badge on the card of a draft course that cannot be started yet',
  },
  locked: {
    id: 'courseCard.locked',
    defaultMessage: 'Locked',
    description: 'Screen-reader text of the lock icon on a course card that cannot be started now',
  },
  willBeAvailable: {
    id: 'courseCard.lock.willBeAvailable',
    defaultMessage: 'Available from {date}',
    description: 'Course card of a locked course: the date from which it can be started',
  },
  wasAvailableBefore: {
    id: 'courseCard.lock.wasAvailableBefore',
    defaultMessage: 'Was available until {date}',
    description: 'Course card of a locked course: the date until which it could be started',
  },
  due: {
    id: 'courseCard.due',
    defaultMessage: 'Due {date}',
    description: 'Due date of a course on its card',
  },
  overdue: {
    id: 'courseCard.overdue',
    defaultMessage: 'Overdue since {date}',
    description: 'Course card: the due date has passed and the course is not completed',
  },
  statusNotStarted: {
    id: 'courseCard.status.notStarted',
    defaultMessage: 'Not started',
    description: 'Course card footer: the learner has not started the course',
  },
  statusInProgress: {
    id: 'courseCard.status.inProgress',
    defaultMessage: 'In progress',
    description: 'Course card footer: the course is in progress',
  },
  statusSubmitted: {
    id: 'courseCard.status.submitted',
    defaultMessage: 'Submitted',
    description: 'Course card footer: the learner submitted the course',
  },
  statusInGrading: {
    id: 'courseCard.status.inGrading',
    defaultMessage: 'In grading',
    description: 'Course card footer: the course is being graded',
  },
  statusGraded: {
    id: 'courseCard.status.graded',
    defaultMessage: 'Graded',
    description: 'Course card footer: the course has been graded',
  },
  statusGradingApproved: {
    id: 'courseCard.status.gradingApproved',
    defaultMessage: 'Grading approved',
    description: 'Course card footer: the grading of the course was approved',
  },
  statusFinished: {
    id: 'courseCard.status.finished',
    defaultMessage: 'Finished',
    description: 'Course card footer: the course is finished',
  },
  passed: {
    id: 'courseCard.result.passed',
    defaultMessage: 'Passed',
    description: 'Result of a finished course: passed',
  },
  failed: {
    id: 'courseCard.result.failed',
    defaultMessage: 'Failed',
    description: 'Result of a finished course: not passed',
  },
  score: {
    id: 'courseCard.result.score',
    defaultMessage: 'Score: {score}',
    description: 'Score of a finished course on its card; score is a percentage',
  },
  grade: {
    id: 'courseCard.result.grade',
    defaultMessage: 'Grade: {grade}',
    description: 'Grade of a finished course on its card, from the course grading scale',
  },
  goToDetails: {
    id: 'courseCard.goToDetails',
    defaultMessage: 'Go to details',
    description:
      'Footer of a finished course card whose result is not shown on the card (for example hidden until a date)',
  },
  viewCourse: {
    id: 'courseCard.viewCourse',
    defaultMessage: 'View course',
    description: 'Footer of a catalog course card: opening the card shows the course page',
  },
  unreadAnnouncements: {
    id: 'courseCard.unreadAnnouncements',
    defaultMessage: '{count, plural, one {# new announcement} other {# new announcements}}',
    description: 'Link on a course card that opens the course announcements in the chat panel; {count} unread ones',
  },
  unreadAnnouncementsLabel: {
    id: 'courseCard.unreadAnnouncementsLabel',
    defaultMessage: '{count, plural, one {# new announcement} other {# new announcements}} in {course}',
    description: 'Accessible name of the unread-announcements link on a course card; {course} is the course name',
  },
});
