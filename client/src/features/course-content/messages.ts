import { defineMessages } from 'react-intl';

export const playerMessages = defineMessages({
  contents: {
    id: 'courseContent.toc.heading',
    defaultMessage: 'Course contents',
    description: 'Heading of the table of contents beside the course player',
  },
  showContents: {
    id: 'courseContent.toc.show',
    defaultMessage: 'Contents',
    description: 'Button that opens or closes the table of contents of the course player (small screens)',
  },
  toggleSection: {
    id: 'courseContent.toc.toggleSection',
    defaultMessage: 'Activities of {name}',
    description: 'Accessible name of the expand/collapse button of a module in the table of contents',
  },
  previous: {
    id: 'courseContent.nav.previous',
    defaultMessage: 'Previous',
    description: 'Button of the course player going to the previous activity',
  },
  next: {
    id: 'courseContent.nav.next',
    defaultMessage: 'Next',
    description: 'Button of the course player going to the next activity',
  },
  previousName: {
    id: 'courseContent.nav.previousName',
    defaultMessage: 'Previous: {name}',
    description: 'Accessible name of the Previous button, with the previous activity name',
  },
  nextName: {
    id: 'courseContent.nav.nextName',
    defaultMessage: 'Next: {name}',
    description: 'Accessible name of the Next button, with the next activity name',
  },
  continueTo: {
    id: 'courseContent.nav.continueTo',
    defaultMessage: 'Continue with {name}',
    description: 'Button after finishing an activity: opens the activity the course suggests next',
  },
  backToDetails: {
    id: 'courseContent.backToDetails',
    defaultMessage: 'Course details',
    description: 'Link from the course player back to the course details page',
  },
  loadFailed: {
    id: 'courseContent.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title when the course contents or an activity could not be loaded',
  },
  loadFailedHint: {
    id: 'courseContent.loadFailedHint',
    defaultMessage: 'Unknown error. Please refresh the page and try again.',
    description: 'Text under the title when the course contents or an activity could not be loaded',
  },
  retrying: {
    id: 'courseContent.retrying',
    defaultMessage: 'Trying again…',
    description:
      'Text of a Try again button of the course player while what failed (loading a part of the page, launching an activity, starting a new attempt) is being sent again',
  },
  progressFailed: {
    id: 'courseContent.header.progressFailed',
    defaultMessage: 'Your course progress could not be loaded.',
    description:
      'Small notice under the heading of the table of contents, where the course progress bar goes, when the course progress could not be loaded; a Try again button follows',
  },
  resultFailed: {
    id: 'courseContent.header.resultFailed',
    defaultMessage: 'Your course result could not be loaded.',
    description:
      'Notice in the result panel after finishing a course, where the result (passed, score, grade) goes, when it could not be loaded; a Try again button follows',
  },
  retryingSoon: {
    id: 'courseContent.retryingSoon',
    defaultMessage: 'We will try again in 30 seconds.',
    description: 'Line under a failed course contents load: it is retried automatically',
  },
  notStartedTitle: {
    id: 'courseContent.notStarted.title',
    defaultMessage: 'This course has not been started yet',
    description: 'Title of the course player when the learner never started the course',
  },
  notStartedText: {
    id: 'courseContent.notStarted.text',
    defaultMessage: 'Start the course from its details page to see its activities.',
    description: 'Text of the course player when the learner never started the course',
  },
  emptyCourse: {
    id: 'courseContent.empty',
    defaultMessage: 'This course has no activities yet.',
    description: 'Shown in the course player when the course has no activities',
  },
  startFailed: {
    id: 'courseContent.startFailed',
    defaultMessage: 'Something went wrong. Please refresh the page.',
    description: 'Shown when an activity could not be started (spec error text)',
  },
  reviewBanner: {
    id: 'courseContent.review.banner',
    defaultMessage: 'You are reviewing a finished attempt. Nothing you do here changes your results.',
    description: 'Banner at the top of the course player in review mode',
  },
  reviewTag: {
    id: 'courseContent.review.tag',
    defaultMessage: 'Review mode',
    description: 'Tag beside the course name in the course player in review mode',
  },
  optional: {
    id: 'courseContent.optional',
    defaultMessage: 'Optional',
    description: 'Small label of an optional activity in the contents and in tiles',
  },
  proctored: {
    id: 'courseContent.proctored',
    defaultMessage: 'Proctored',
    description: 'Small label of a proctored activity in the contents',
  },
  minutes: {
    id: 'courseContent.minutes',
    defaultMessage: '{minutes, plural, one {# min} other {# min}}',
    description: 'Duration of an activity in minutes',
  },
  due: {
    id: 'courseContent.due',
    defaultMessage: 'Due {date}',
    description: 'Due date of an activity in the course player',
  },
});

/** The visually hidden status text of each table-of-contents icon (spec section 2). */
export const statusMessages = defineMessages({
  comingSoon: {
    id: 'courseContent.status.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Status of a draft activity in the contents (shown next to a clock icon)',
  },
  completed: {
    id: 'courseContent.status.completed',
    defaultMessage: 'Completed',
    description: 'Status of a completed activity in the contents (read for the green check icon)',
  },
  belowPassingScore: {
    id: 'courseContent.status.belowPassingScore',
    defaultMessage: 'Below passing score',
    description: 'Status of an activity completed below the passing score (warning icon)',
  },
  locked: {
    id: 'courseContent.status.locked',
    defaultMessage: 'Locked',
    description: 'Status of a locked activity in the contents (read by screen readers; no icon)',
  },
  optional: {
    id: 'courseContent.status.optional',
    defaultMessage: 'Optional, not completed',
    description: 'Status of an optional activity not completed (dashed circle icon)',
  },
  notStarted: {
    id: 'courseContent.status.notStarted',
    defaultMessage: 'Not completed',
    description: 'Status of an activity not completed yet (empty circle icon)',
  },
});

/** Spec section 8 texts for why an activity is locked or disabled. */
export const lockMessages = defineMessages({
  comingSoon: {
    id: 'courseContent.lock.comingSoon',
    defaultMessage: 'The activity is going to be available soon. Please come back later.',
    description: 'Why a draft activity cannot be opened',
  },
  completePrevious: {
    id: 'courseContent.lock.completePrevious',
    defaultMessage: 'To get access, you have to complete previous assignments.',
    description: 'Why an activity is locked until the previous ones are completed',
  },
  afterGracePeriod: {
    id: 'courseContent.lock.afterGracePeriod',
    defaultMessage: 'The activity is no longer available because the “Due” date is missed.',
    description: 'Why an activity is locked after its due date and grace period',
  },
  afterAccessibleUntil: {
    id: 'courseContent.lock.afterAccessibleUntil',
    defaultMessage: 'The activity is no longer available.',
    description: 'Why an activity is locked after its accessible-until date',
  },
  beforeStart: {
    id: 'courseContent.lock.beforeStart',
    defaultMessage: 'The activity is going to be available soon. Please come back later.',
    description: 'Why an activity is locked before its start date',
  },
  afterStartUntil: {
    id: 'courseContent.lock.afterStartUntil',
    defaultMessage: 'The activity is no longer available because the “Available to start until” date is missed.',
    description: 'Why an activity that was never started is locked after its start-until date',
  },
  reviewHidden: {
    id: 'courseContent.lock.reviewHidden',
    defaultMessage: 'This content is not available at the moment. Please come back later or ask your administrator.',
    description: 'Why the review of an activity is hidden',
  },
  noNewContentAfterCompletion: {
    id: 'courseContent.lock.noNewContentAfterCompletion',
    defaultMessage: "You can't access new content after completing the course.",
    description: 'Why an activity never started is locked once the course is completed',
  },
  unavailable: {
    id: 'courseContent.lock.unavailable',
    defaultMessage: 'This content is not available at the moment. Please come back later or ask your administrator.',
    description: 'Why an activity is unavailable when the platform gives no reason',
  },
  heading: {
    id: 'courseContent.lock.heading',
    defaultMessage: 'This activity is locked',
    description: 'Heading of the notice shown instead of a locked activity',
  },
  disabledHeading: {
    id: 'courseContent.lock.disabledHeading',
    defaultMessage: 'This activity is not available',
    description: 'Heading of the notice shown instead of a disabled activity',
  },
  comingSoonBanner: {
    id: 'courseContent.banner.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Banner title of a draft activity, which cannot start yet',
  },
  notAvailableBanner: {
    id: 'courseContent.banner.notAvailable',
    defaultMessage: 'This activity is not available',
    description: 'Banner title of an archived activity',
  },
});

export const activityMessages = defineMessages({
  markDone: {
    id: 'courseContent.activity.markDone',
    defaultMessage: 'Mark as done',
    description: 'Button finishing a text, video, event or discussion activity',
  },
  done: {
    id: 'courseContent.activity.done',
    defaultMessage: 'Completed',
    description: 'Line under an activity the learner has finished',
  },
  markedDone: {
    id: 'courseContent.activity.markedDone',
    defaultMessage: '“{name}” is completed.',
    description: 'Announcement after marking an activity as done',
  },
  finishFailed: {
    id: 'courseContent.activity.finishFailed',
    defaultMessage: 'Unknown error. Please refresh the page and try again.',
    description: 'Shown when an activity could not be marked as done',
  },
  noText: {
    id: 'courseContent.activity.noText',
    defaultMessage: 'This activity has no text yet.',
    description: 'Empty state of a text activity without content',
  },
  noVideo: {
    id: 'courseContent.activity.noVideo',
    defaultMessage: 'The video of this activity is not available.',
    description: 'Empty state of a video activity without a video',
  },
  videoTitle: {
    id: 'courseContent.activity.videoTitle',
    defaultMessage: 'Video: {name}',
    description: 'Accessible title of an embedded video player',
  },
  resumed: {
    id: 'courseContent.activity.resumed',
    defaultMessage: 'Resumed where you left off.',
    description: 'Line under a video that continues from the saved position',
  },
  eventWhen: {
    id: 'courseContent.activity.eventWhen',
    defaultMessage: 'When',
    description: 'Label of the date and time of an event activity',
  },
  eventWhere: {
    id: 'courseContent.activity.eventWhere',
    defaultMessage: 'Where',
    description: 'Label of the place of an event activity',
  },
  eventOnline: {
    id: 'courseContent.activity.eventOnline',
    defaultMessage: 'Join online',
    description: 'Link to the online meeting of an event activity',
  },
  eventNoDetails: {
    id: 'courseContent.activity.eventNoDetails',
    defaultMessage: 'The date and place of this event have not been announced yet.',
    description: 'Event activity without date or place',
  },
  eventTimeZone: {
    id: 'courseContent.activity.eventTimeZone',
    defaultMessage: 'Times are shown in your time zone.',
    description: 'Hint under the date of an event activity',
  },
  discussionOpen: {
    id: 'courseContent.activity.discussionOpen',
    defaultMessage: 'Open the discussion',
    description: 'Link to the discussion thread of a discussion activity',
  },
  discussionEmpty: {
    id: 'courseContent.activity.discussionEmpty',
    defaultMessage: 'Share your thoughts with the other learners of this course.',
    description: 'Text of a discussion activity without a prompt',
  },
  otherTool: {
    id: 'courseContent.activity.otherTool',
    defaultMessage: 'This activity has nothing to show here.',
    description: 'Activity of a type the player does not show',
  },
  activities: {
    id: 'courseContent.activity.children',
    defaultMessage: 'Activities of this module',
    description: 'Accessible name of the list of activities of a module',
  },
  finishModule: {
    id: 'courseContent.activity.finishModule',
    defaultMessage: 'Finish module',
    description: 'Button finishing the running activities of a module',
  },
  moduleFinished: {
    id: 'courseContent.activity.moduleFinished',
    defaultMessage: 'The module is finished.',
    description: 'Announcement after finishing a module',
  },
  score: {
    id: 'courseContent.activity.score',
    defaultMessage: 'Your score',
    description: 'Label of the score of an activity, shown under its name in the course player',
  },
  scorePoints: {
    id: 'courseContent.activity.scorePoints',
    defaultMessage: '{score, number} out of {maxScore, number} points',
    description: 'Points of an activity score, beside the percentage, e.g. "9 out of 10 points"',
  },
  scoreInContents: {
    id: 'courseContent.activity.scoreInContents',
    defaultMessage: 'Score: {score}',
    description: 'Screen-reader text of the score beside an activity in the table of contents, e.g. "Score: 90%"',
  },
  opensInNewTab: {
    id: 'courseContent.activity.opensInNewTab',
    defaultMessage: '(opens in a new tab)',
    description: 'Screen-reader text after a link of an activity that opens in a new browser tab',
  },
});

export const flowMessages = defineMessages({
  finishCourse: {
    id: 'courseContent.flow.finishCourse',
    defaultMessage: 'Finish course',
    description: 'Button of the course player that submits and finishes the course attempt',
  },
  finishCourseHint: {
    id: 'courseContent.flow.finishCourseHint',
    defaultMessage: 'Done with the course? Submit your results to get your grade.',
    description: 'Text beside the Finish course button at the end of the course player',
  },
  finishCourseTitle: {
    id: 'courseContent.flow.finishCourseTitle',
    defaultMessage: 'Finish the course?',
    description: 'Title of the dialog shown before finishing a course with open activities',
  },
  finishModuleTitle: {
    id: 'courseContent.flow.finishModuleTitle',
    defaultMessage: 'Finish the module?',
    description: 'Title of the dialog shown before finishing a module with open activities',
  },
  incompleteMandatory: {
    id: 'courseContent.flow.incompleteMandatory',
    defaultMessage:
      '{count, plural, one {# mandatory activity is not completed.} other {# mandatory activities are not completed.}}',
    description: 'Finish dialog: mandatory activities are still open',
  },
  incompleteOptional: {
    id: 'courseContent.flow.incompleteOptional',
    defaultMessage:
      '{count, plural, one {# optional activity is not completed.} other {# optional activities are not completed.}}',
    description: 'Finish dialog: optional activities are still open',
  },
  improveScore: {
    id: 'courseContent.flow.improveScore',
    defaultMessage:
      '{count, plural, one {# activity is below the passing score. You can still improve your score.} other {# activities are below the passing score. You can still improve your score.}}',
    description: 'Finish dialog: some activities were completed below the passing score',
  },
  keepLearning: {
    id: 'courseContent.flow.keepLearning',
    defaultMessage: 'Keep learning',
    description: 'Dialog button closing the finish dialog without finishing',
  },
  finishAnyway: {
    id: 'courseContent.flow.finishAnyway',
    defaultMessage: 'Finish anyway',
    description: 'Dialog button finishing although some activities are open',
  },
  submitTitle: {
    id: 'courseContent.flow.submitTitle',
    defaultMessage: 'Submit your results?',
    description: 'Title of the submit confirmation dialog',
  },
  submitPrompt: {
    id: 'courseContent.flow.submitPrompt',
    defaultMessage: 'If you choose submit, you will submit your results and will not be able to resume.',
    description: 'Text of the submit confirmation dialog (spec text)',
  },
  submit: {
    id: 'courseContent.flow.submit',
    defaultMessage: 'Submit',
    description: 'Confirm button of the submit dialog',
  },
  cancel: {
    id: 'courseContent.flow.cancel',
    defaultMessage: 'Cancel',
    description: 'Cancel button of a dialog in the course player',
  },
  submitting: {
    id: 'courseContent.flow.submitting',
    defaultMessage: 'Submitting your results… This can take up to a minute.',
    description: 'Waiting state while the course submission is processed',
  },
  finishing: {
    id: 'courseContent.flow.finishing',
    defaultMessage: 'Calculating your result…',
    description: 'Waiting state while the course attempt is finished',
  },
  timeOver: {
    id: 'courseContent.flow.timeOver',
    defaultMessage: 'Time over!',
    description: 'Shown when the submission did not complete in time (spec text)',
  },
  timeOverHint: {
    id: 'courseContent.flow.timeOverHint',
    defaultMessage: 'Your submission is still being processed. Check again in a moment.',
    description: 'Hint under Time over! after the submission polling gave up',
  },
  checkAgain: {
    id: 'courseContent.flow.checkAgain',
    defaultMessage: 'Check again',
    description: 'Button reading the submission state again after Time over!',
  },
  submitFailed: {
    id: 'courseContent.flow.submitFailed',
    defaultMessage: 'Server returns unknown error.',
    description: 'Shown when the submission failed without a message (spec text)',
  },
  tryAgain: {
    id: 'courseContent.flow.tryAgain',
    defaultMessage: 'Try again',
    description: 'Button repeating a failed submission (only after its state was read again)',
  },
  inGradingTitle: {
    id: 'courseContent.flow.inGradingTitle',
    defaultMessage: 'Your results are being graded',
    description: 'Title after submitting a course whose results need grading',
  },
  inGradingText: {
    id: 'courseContent.flow.inGradingText',
    defaultMessage: 'You will see your grade on the course page once grading is done.',
    description: 'Text after submitting a course whose results need grading',
  },
  resultTitle: {
    id: 'courseContent.flow.resultTitle',
    defaultMessage: 'Course finished',
    description: 'Title of the result panel after finishing a course',
  },
  finished: {
    id: 'courseContent.flow.finished',
    defaultMessage: 'The course has been successfully finished',
    description: 'Toast after finishing a course (spec text)',
  },
  passed: {
    id: 'courseContent.flow.passed',
    defaultMessage: 'Passed',
    description: 'Result of a finished course that was passed',
  },
  failed: {
    id: 'courseContent.flow.failed',
    defaultMessage: 'Not passed',
    description: 'Result of a finished course that was not passed',
  },
  score: {
    id: 'courseContent.flow.score',
    defaultMessage: 'Score',
    description: 'Label of the score in the result panel',
  },
  grade: {
    id: 'courseContent.flow.grade',
    defaultMessage: 'Grade',
    description: 'Label of the grade in the result panel',
  },
  gradeHidden: {
    id: 'courseContent.flow.gradeHidden',
    defaultMessage: 'Your grade will be shown once it is revealed.',
    description: 'Result panel when the grade is hidden by the reveal policy',
  },
  certificate: {
    id: 'courseContent.flow.certificate',
    defaultMessage: 'View your certificate',
    description: 'Link from the result panel to the certificate of the course',
  },
  retake: {
    id: 'courseContent.flow.retake',
    defaultMessage: 'Start again',
    description: 'Button starting a new attempt of a finished course',
  },
  restartFailed: {
    id: 'courseContent.flow.restartFailed',
    defaultMessage: 'A new attempt could not be started.',
    description:
      'Shown under the Start again button of a finished course when starting a new attempt failed; the reason may follow, then a Try again button',
  },
});
