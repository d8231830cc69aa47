import { defineMessages } from 'react-intl';

/** Texts of LTI launches, the workflow view, the tool callback and the proctored activity. */
export const ltiMessages = defineMessages({
  kind: {
    id: 'courseContent.lti.kind',
    defaultMessage: 'External activity',
    description: 'Small label above the name of an activity that runs in an external (LTI) tool',
  },
  intro: {
    id: 'courseContent.lti.intro',
    defaultMessage:
      'This activity opens in an external learning tool. Your result is sent back to this course when you finish.',
    description: 'Explanation shown on an LTI activity before it is launched',
  },
  launch: {
    id: 'courseContent.lti.launch',
    defaultMessage: 'Launch activity',
    description: 'Button that opens an external (LTI) activity inside the page',
  },
  launchWindow: {
    id: 'courseContent.lti.launchWindow',
    defaultMessage: 'Open activity in a new window',
    description: 'Button that opens an external (LTI) activity in a new browser window',
  },
  relaunch: {
    id: 'courseContent.lti.relaunch',
    defaultMessage: 'Launch again',
    description: 'Button that opens an external (LTI) activity again after it was opened once',
  },
  review: {
    id: 'courseContent.lti.review',
    defaultMessage: 'Review activity',
    description: 'Button that opens a finished external (LTI) activity read-only, in review mode',
  },
  launching: {
    id: 'courseContent.lti.launching',
    defaultMessage: 'Launching…',
    description: 'Text on the launch button while the external activity is being prepared',
  },
  close: {
    id: 'courseContent.lti.close',
    defaultMessage: 'Close activity',
    description: 'Button above an embedded external activity that closes it',
  },
  frameTitle: {
    id: 'courseContent.lti.frameTitle',
    defaultMessage: '{name} (external tool)',
    description: 'Accessible title of the frame in which an external activity runs; {name} is the activity name',
  },
  windowOpen: {
    id: 'courseContent.lti.windowOpen',
    defaultMessage: 'The activity is open in a new window. When you finish there, your result appears here.',
    description: 'Notice while an external activity is open in another browser window',
  },
  popupBlocked: {
    id: 'courseContent.lti.popupBlocked',
    defaultMessage: 'Your browser blocked the new window. Allow pop-ups for this site and try again.',
    description: 'Error when the browser did not let the portal open the activity window',
  },
  startFailed: {
    id: 'courseContent.lti.startFailed',
    defaultMessage: 'Something went wrong. Please refresh the page.',
    description: 'Error when an activity could not be started (spec text for a failed activity start)',
  },
  launchFailed: {
    id: 'courseContent.lti.launchFailed',
    defaultMessage: 'The activity could not be launched.',
    description:
      'Shown in place of the launch button of an external (LTI) activity when launching it failed; the reason may follow, then a Try again button',
  },
  resultSent: {
    id: 'courseContent.lti.resultSent',
    defaultMessage: 'Your result was sent to the course.',
    description: 'Announcement after the external tool returned the learner with a result',
  },
  proctored: {
    id: 'courseContent.lti.proctored',
    defaultMessage: 'This activity is proctored: it runs under supervision in the proctoring view.',
    description: 'Notice on a proctored activity in the course content',
  },
  openProctored: {
    id: 'courseContent.lti.openProctored',
    defaultMessage: 'Open proctored activity',
    description: 'Link from the course content to the proctored activity page',
  },
  statusLabel: {
    id: 'courseContent.lti.statusLabel',
    defaultMessage: 'Status',
    description: 'Label before the status of an external activity (Not started, In progress, ...)',
  },
  statusNotStarted: {
    id: 'courseContent.lti.status.notStarted',
    defaultMessage: 'Not started',
    description: 'Status of an activity or workflow that was never started',
  },
  statusInProgress: {
    id: 'courseContent.lti.status.inProgress',
    defaultMessage: 'In progress',
    description: 'Status of an activity or workflow being worked on',
  },
  statusSubmitted: {
    id: 'courseContent.lti.status.submitted',
    defaultMessage: 'Submitted',
    description: 'Status of a workflow handed in',
  },
  statusInGrading: {
    id: 'courseContent.lti.status.inGrading',
    defaultMessage: 'In grading',
    description: 'Status of a workflow being graded',
  },
  statusGraded: {
    id: 'courseContent.lti.status.graded',
    defaultMessage: 'Graded',
    description: 'Status of a graded workflow',
  },
  statusGradingApproved: {
    id: 'courseContent.lti.status.gradingApproved',
    defaultMessage: 'Grading approved',
    description: 'Status of a workflow whose grading was approved',
  },
  statusFinished: {
    id: 'courseContent.lti.status.finished',
    defaultMessage: 'Finished',
    description: 'Status of a finished activity or workflow',
  },
  // the workflow view page
  workflowTitle: {
    id: 'courseContent.workflow.title',
    defaultMessage: 'Course attempt',
    description: 'Heading of the page that shows one attempt (workflow) of a course with its external activities',
  },
  workflowProgress: {
    id: 'courseContent.workflow.progress',
    defaultMessage: 'Progress',
    description: 'Label of the progress bar of a course attempt',
  },
  workflowStarted: {
    id: 'courseContent.workflow.started',
    defaultMessage: 'Started',
    description: 'Label before the date an attempt was started',
  },
  workflowSubmitted: {
    id: 'courseContent.workflow.submitted',
    defaultMessage: 'Submitted',
    description: 'Label before the date an attempt was submitted',
  },
  workflowFinished: {
    id: 'courseContent.workflow.finished',
    defaultMessage: 'Finished',
    description: 'Label before the date an attempt was finished',
  },
  workflowActivities: {
    id: 'courseContent.workflow.activities',
    defaultMessage: 'External activities',
    description: 'Heading of the list of external (LTI) activities of a course attempt',
  },
  workflowNoActivities: {
    id: 'courseContent.workflow.noActivities',
    defaultMessage: 'This attempt has no external activities.',
    description: 'Empty state of the list of external activities of a course attempt',
  },
  backToContent: {
    id: 'courseContent.workflow.backToContent',
    defaultMessage: 'Back to the course content',
    description: 'Link from the attempt page or the tool callback back to the course content',
  },
  loadFailed: {
    id: 'courseContent.lti.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title of the error shown when a page of the course content could not be loaded',
  },
  loadFailedText: {
    id: 'courseContent.lti.loadFailedText',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Text of the error shown when a page of the course content could not be loaded',
  },
  // the tool callback
  callbackTitle: {
    id: 'courseContent.ltiCallback.title',
    defaultMessage: 'Returning to your course',
    description: 'Heading of the page the external tool returns the learner to',
  },
  callbackMissing: {
    id: 'courseContent.ltiCallback.missing',
    defaultMessage: 'The tool did not say which course to return to.',
    description: 'Text when the external tool returned without naming a course',
  },
  toMyCourses: {
    id: 'courseContent.ltiCallback.toMyCourses',
    defaultMessage: 'Go to My courses',
    description: 'Link to the course list from the tool callback page',
  },
  // the proctored activity page
  proctorTitle: {
    id: 'courseContent.proctor.title',
    defaultMessage: 'Proctored activity',
    description: 'Heading of the proctored activity page when the activity name is not known',
  },
  proctorSession: {
    id: 'courseContent.proctor.session',
    defaultMessage: 'Proctoring session',
    description: 'Label before the state of the proctoring session',
  },
  sessionNone: {
    id: 'courseContent.proctor.session.none',
    defaultMessage: 'Not opened yet',
    description: 'State of a proctoring session that does not exist yet',
  },
  sessionCreated: {
    id: 'courseContent.proctor.session.created',
    defaultMessage: 'Open',
    description: 'State of a proctoring session that is created and running (state 1)',
  },
  sessionFinished: {
    id: 'courseContent.proctor.session.finished',
    defaultMessage: 'Closed',
    description: 'State of a finished proctoring session (state 2)',
  },
  sessionUnknown: {
    id: 'courseContent.proctor.session.unknown',
    defaultMessage: 'Unknown',
    description: 'State of a proctoring session the portal does not know',
  },
  inGrading: {
    id: 'courseContent.proctor.inGrading',
    defaultMessage: 'This course is being graded. You will see your result when grading is complete.',
    description:
      'Notice when the proctoring session does not agree with the activity, so the course is treated as in grading',
  },
  proctorNotStarted: {
    id: 'courseContent.proctor.notStarted',
    defaultMessage: 'Start the course first: the proctored activity opens once the course is in progress.',
    description: 'Notice on the proctored activity page when the course has not been started',
  },
  proctorStart: {
    id: 'courseContent.proctor.start',
    defaultMessage: 'Start proctored activity',
    description: 'Button that asks for the proctoring start token and opens the proctored activity',
  },
  proctorStarting: {
    id: 'courseContent.proctor.starting',
    defaultMessage: 'Starting…',
    description: 'Text on the proctored start button while the start token is requested',
  },
  proctorStartFailed: {
    id: 'courseContent.proctor.startFailed',
    defaultMessage: 'The proctored activity could not be started.',
    description:
      'Shown in place of the Start proctored activity button when asking for the proctoring start failed; the reason may follow, then a Try again button',
  },
  proctorStarted: {
    id: 'courseContent.proctor.started',
    defaultMessage: 'The proctoring session is ready. The activity opens below.',
    description: 'Announcement after the proctoring start token was received',
  },
  proctorClosed: {
    id: 'courseContent.proctor.closed',
    defaultMessage: 'The proctoring session is closed. The activity cannot be opened again.',
    description: 'Notice when the proctoring session is finished',
  },
  proctorNoSession: {
    id: 'courseContent.proctor.noSession',
    defaultMessage: 'Open the activity from the course content to create its proctoring session.',
    description: 'Notice when the proctored activity has no proctoring session yet',
  },
  inProctoringIframe: {
    id: 'courseContent.proctor.inIframe',
    defaultMessage: 'Shown inside the proctoring service.',
    description: 'Small note on the proctored activity page when it is opened inside the proctoring service frame',
  },
  courseLabel: {
    id: 'courseContent.proctor.course',
    defaultMessage: 'Course',
    description: 'Label before the course name on the proctored activity page',
  },
});
