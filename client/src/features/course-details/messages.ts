import { defineMessages } from 'react-intl';

export const unavailableMessages = defineMessages({
  title: {
    id: 'courseDetails.unavailable.title',
    defaultMessage: 'Course is not available',
    description: 'Heading of the page shown when the learner may not open a course (or it does not exist)',
  },
  text: {
    id: 'courseDetails.unavailable.text',
    defaultMessage: 'You do not have the necessary access rights to open or enroll in this course or program.',
    description: 'Explanation on the course-unavailable page',
  },
  back: {
    id: 'courseDetails.unavailable.back',
    defaultMessage: 'Back to my courses',
    description: 'Button on the course-unavailable page leading to the My courses list',
  },
});

export const detailsMessages = defineMessages({
  loadFailed: {
    id: 'courseDetails.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the course details could not be loaded',
  },
  loadFailedHint: {
    id: 'courseDetails.loadFailedHint',
    defaultMessage: 'Unknown error. Please refresh the page and try again.',
    description: 'Text under the title when the course details could not be loaded',
  },
  code: {
    id: 'courseDetails.code',
    defaultMessage: 'Code: {code}',
    description: 'Course code under the course name on the course details page',
  },
  collections: {
    id: 'courseDetails.collections',
    defaultMessage: 'Collections',
    description: 'Accessible name of the list of collection chips of a course',
  },
  mandatory: {
    id: 'courseDetails.mandatory',
    defaultMessage: 'Mandatory',
    description: 'Tag on the course details page for a course the learner must take',
  },
  reviewMode: {
    id: 'courseDetails.reviewMode',
    defaultMessage: 'Review mode',
    description: 'Tag on the course details page when it was opened to review an attempt',
  },
  progressHeading: {
    id: 'courseDetails.progress.heading',
    defaultMessage: 'Your progress',
    description: 'Heading of the panel with status, progress, result and dates on the course details page',
  },
  status: {
    id: 'courseDetails.progress.status',
    defaultMessage: 'Status',
    description: 'Label of the course status in the progress panel',
  },
  progress: {
    id: 'courseDetails.progress.label',
    defaultMessage: 'Progress',
    description: 'Label of the progress bar of the course on the course details page',
  },
  dueDate: {
    id: 'courseDetails.dates.due',
    defaultMessage: 'Due date',
    description: 'Label of the date by which the course must be finished',
  },
  overdue: {
    id: 'courseDetails.dates.overdue',
    defaultMessage: 'Overdue since {date}',
    description: 'Course details, value of the due date: it has passed and the course is not completed',
  },
  availableFrom: {
    id: 'courseDetails.dates.availableFrom',
    defaultMessage: 'Available from',
    description: 'Label of the date from which the course can be started',
  },
  availableUntil: {
    id: 'courseDetails.dates.availableUntil',
    defaultMessage: 'Available until',
    description: 'Label of the date until which the course can be started',
  },
  score: {
    id: 'courseDetails.result.score',
    defaultMessage: 'Score',
    description: 'Label of the score of the last attempt in the progress panel',
  },
  grade: {
    id: 'courseDetails.result.grade',
    defaultMessage: 'Grade',
    description: 'Label of the grade of the last attempt in the progress panel',
  },
  gradeBadge: {
    id: 'courseDetails.result.gradeBadge',
    defaultMessage: 'Grade {grade}',
    description: 'Badge on the course cover with the grade of the last attempt, e.g. "Grade B"',
  },
  passed: {
    id: 'courseDetails.result.passed',
    defaultMessage: 'Passed',
    description: 'Badge on the course cover when the last attempt passed',
  },
  failed: {
    id: 'courseDetails.result.failed',
    defaultMessage: 'Not passed',
    description: 'Badge on the course cover when the last attempt did not pass',
  },
  points: {
    id: 'courseDetails.result.points',
    defaultMessage: '{score, number} out of {maxScore, number} points',
    description: 'Points of a score, shown beside the percentage, e.g. "92 out of 100 points"',
  },
  resultLabel: {
    id: 'courseDetails.result.label',
    defaultMessage: 'Result of your last attempt',
    description: 'Accessible name of the group of badges on the course cover (passed, grade, score)',
  },
  aboutHeading: {
    id: 'courseDetails.about.heading',
    defaultMessage: 'About this course',
    description: 'Heading of the About section (rich text) on the course details page',
  },
  share: {
    id: 'courseDetails.share',
    defaultMessage: 'Share',
    description: 'Button that copies the public link of the course',
  },
  shareCopied: {
    id: 'courseDetails.share.copied',
    defaultMessage: 'Link copied',
    description: 'Text of the share button for 10 seconds after the course link was copied',
  },
  shareToast: {
    id: 'courseDetails.share.toast',
    defaultMessage: 'Link copied to clipboard',
    description: 'Notification after the public link of the course was copied',
  },
  shareFailed: {
    id: 'courseDetails.share.failed',
    defaultMessage: 'The link could not be copied',
    description: 'Notification when the browser refused to copy the course link',
  },
  actions: {
    id: 'courseDetails.actions',
    defaultMessage: 'Course actions',
    description: 'Accessible name of the group of buttons (start, continue, share ...) on the course details page',
  },
  startFailed: {
    id: 'courseDetails.start.failed',
    defaultMessage: 'Something went wrong. Please refresh the page.',
    description: 'Notification when starting or continuing the course failed without a message from the server',
  },
  enrolled: {
    id: 'courseDetails.enroll.success',
    defaultMessage: 'You have successfully been enrolled to {courseName}',
    description: 'Notification after the learner added a course to My courses',
  },
  enrollFailed: {
    id: 'courseDetails.enroll.failed',
    defaultMessage: 'Server returns unknown error.',
    description: 'Notification when adding the course to My courses failed without a message from the server',
  },
});

export const buttonMessages = defineMessages({
  start: {
    id: 'courseDetails.buttons.start',
    defaultMessage: 'Start',
    description: 'Button that starts a course the learner has not started yet',
  },
  continue: {
    id: 'courseDetails.buttons.continue',
    defaultMessage: 'Continue',
    description: 'Button that goes on with a course in progress',
  },
  retake: {
    id: 'courseDetails.buttons.retake',
    defaultMessage: 'Start again',
    description: 'Button that starts a new attempt of a finished course',
  },
  review: {
    id: 'courseDetails.buttons.review',
    defaultMessage: 'Review',
    description: 'Button that opens the finished attempt of the course for review',
  },
  addToMyCourses: {
    id: 'courseDetails.buttons.addToMyCourses',
    defaultMessage: 'Add to my courses',
    description: 'Button that enrols the learner in the course',
  },
  enrolled: {
    id: 'courseDetails.buttons.enrolled',
    defaultMessage: 'Enrolled',
    description: 'State shown instead of "Add to my courses" when the learner is already enrolled',
  },
});

export const noticeMessages = defineMessages({
  noReviewRetake: {
    id: 'courseDetails.notice.noReviewRetake',
    defaultMessage: 'This result was imported, so the course cannot be reviewed or started again.',
    description: 'Notice on a course whose result was imported (a record without an attempt)',
  },
  willBeAvailable: {
    id: 'courseDetails.notice.willBeAvailable',
    defaultMessage: 'Will be available to start on {date}',
    description: 'Notice on a course that cannot be started before a date',
  },
  wasAvailableBefore: {
    id: 'courseDetails.notice.wasAvailableBefore',
    defaultMessage: 'Was available to start before {date}',
    description: 'Notice on a course whose start period is over',
  },
  gradingInProgress: {
    id: 'courseDetails.notice.gradingInProgress',
    defaultMessage: 'Grading in progress',
    description: 'Title of the notice shown while the attempt is graded or its results are not revealed yet',
  },
  gradingInProgressText: {
    id: 'courseDetails.notice.gradingInProgressText',
    defaultMessage: 'This course is being graded. Your results will appear here once they are released.',
    description: 'Text of the grading-in-progress notice',
  },
  comingSoon: {
    id: 'courseDetails.notice.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Notice on a draft course that cannot be started yet',
  },
  comingSoonText: {
    id: 'courseDetails.notice.comingSoonText',
    defaultMessage: 'The activity is going to be available soon. Please come back later.',
    description: 'Text of the coming-soon notice on a draft course',
  },
  notAvailable: {
    id: 'courseDetails.notice.notAvailable',
    defaultMessage: 'This content is not available at the moment. Please come back later or ask your administrator.',
    description: 'Notice on a course that cannot be opened at the moment',
  },
});

export const statusMessages = defineMessages({
  notStarted: {
    id: 'courseDetails.status.notStarted',
    defaultMessage: 'Not started',
    description: 'Course status: no attempt yet',
  },
  inProgress: {
    id: 'courseDetails.status.inProgress',
    defaultMessage: 'In progress',
    description: 'Course status: an attempt is running',
  },
  submitted: {
    id: 'courseDetails.status.submitted',
    defaultMessage: 'Submitted',
    description: 'Course status: the attempt was handed in',
  },
  inGrading: {
    id: 'courseDetails.status.inGrading',
    defaultMessage: 'In grading',
    description: 'Course status: the attempt is being graded',
  },
  graded: {
    id: 'courseDetails.status.graded',
    defaultMessage: 'Graded',
    description: 'Course status: the attempt has a grade',
  },
  gradingApproved: {
    id: 'courseDetails.status.gradingApproved',
    defaultMessage: 'Grading approved',
    description: 'Course status: the grade of the attempt was approved',
  },
  finished: {
    id: 'courseDetails.status.finished',
    defaultMessage: 'Finished',
    description: 'Course status: the attempt is finished',
  },
});

export const attemptMessages = defineMessages({
  heading: {
    id: 'courseDetails.attempts.heading',
    defaultMessage: 'Previous attempts',
    description: 'Heading of the table of earlier attempts of the course',
  },
  finished: {
    id: 'courseDetails.attempts.finished',
    defaultMessage: 'Finished on',
    description: 'Column of the previous-attempts table: when the attempt finished',
  },
  score: {
    id: 'courseDetails.attempts.score',
    defaultMessage: 'Score',
    description: 'Column of the previous-attempts table: the score of the attempt',
  },
  grade: {
    id: 'courseDetails.attempts.grade',
    defaultMessage: 'Grade',
    description: 'Column of the previous-attempts table: the grade of the attempt',
  },
  result: {
    id: 'courseDetails.attempts.result',
    defaultMessage: 'Result',
    description: 'Column of the previous-attempts table: passed or not passed',
  },
  unavailable: {
    id: 'courseDetails.attempts.unavailable',
    defaultMessage: 'Your earlier attempts could not be loaded.',
    description:
      'Said in the previous-attempts section when the platform could not give the earlier attempts for now (the rest of the page is shown)',
  },
  unknown: {
    id: 'courseDetails.attempts.unknown',
    defaultMessage: 'Not available',
    description: 'Cell of the previous-attempts table when a value is not known or hidden',
  },
});

export const certificateListMessages = defineMessages({
  heading: {
    id: 'courseDetails.certificates.heading',
    defaultMessage: 'Certificates',
    description: 'Heading of the section listing the certificates earned in the course',
  },
  unavailable: {
    id: 'courseDetails.certificates.unavailable',
    defaultMessage: 'Your certificates could not be loaded.',
    description:
      'Said in the certificates section when the platform could not give the certificates for now (the rest of the page is shown)',
  },
  fallbackName: {
    id: 'courseDetails.certificates.fallbackName',
    defaultMessage: 'Certificate of completion',
    description: 'Name of a certificate whose template has no name',
  },
  issued: {
    id: 'courseDetails.certificates.issued',
    defaultMessage: 'Issued on {date}',
    description: 'When a certificate was issued, in the certificates section',
  },
  validUntil: {
    id: 'courseDetails.certificates.validUntil',
    defaultMessage: 'Valid until {date}',
    description: 'Expiry date of a certificate that is still valid',
  },
  expiredOn: {
    id: 'courseDetails.certificates.expiredOn',
    defaultMessage: 'Expired on {date}',
    description: 'Expiry date of a certificate that has expired',
  },
  expired: {
    id: 'courseDetails.certificates.expired',
    defaultMessage: 'Expired',
    description: 'Badge on a certificate that has expired',
  },
  view: {
    id: 'courseDetails.certificates.view',
    defaultMessage: 'View certificate',
    description: 'Link from a certificate in the list to its preview page',
  },
});
