import { defineMessages } from 'react-intl';

export const feedbackMessages = defineMessages({
  open: {
    id: 'feedback.open',
    defaultMessage: 'Feedback',
    description: 'Button fixed at the edge of every page that opens the product feedback form',
  },
  title: {
    id: 'feedback.title',
    defaultMessage: 'How is your experience with the learner portal?',
    description: 'Heading of the product feedback dialog',
  },
  rating: {
    id: 'feedback.rating',
    defaultMessage: 'Your rating',
    description: 'Label of the 1 to 5 rating in the feedback form',
  },
  ratingValue: {
    id: 'feedback.ratingValue',
    defaultMessage: '{value, plural, one {# star} other {# stars}}',
    description: 'Accessible name of one rating choice in the feedback form (1 to 5 stars)',
  },
  topics: {
    id: 'feedback.topics',
    defaultMessage: 'Did you struggle with anything?',
    description: 'Label of the group of topic checkboxes in the feedback form',
  },
  comment: {
    id: 'feedback.comment',
    defaultMessage: 'Comment (optional)',
    description: 'Label of the free-text comment in the feedback form',
  },
  send: {
    id: 'feedback.send',
    defaultMessage: 'Send feedback',
    description: 'Button that sends the feedback form',
  },
  cancel: {
    id: 'feedback.cancel',
    defaultMessage: 'Cancel',
    description: 'Button that closes the feedback form without sending it',
  },
  close: {
    id: 'feedback.close',
    defaultMessage: 'Close',
    description: 'Button that closes the feedback dialog after it was sent',
  },
  required: {
    id: 'feedback.required',
    defaultMessage: 'Field is required',
    description: 'Error under a form field that must be filled in',
  },
  maxLength: {
    id: 'feedback.maxLength',
    defaultMessage: 'Maximum length is {length}',
    description: 'Error under a text field whose text is too long; {length} is the number of characters allowed',
  },
  thanks: {
    id: 'feedback.thanks',
    defaultMessage: 'Thank you for your feedback!',
    description: 'Heading shown in the feedback dialog once the feedback was sent',
  },
  thanksText: {
    id: 'feedback.thanksText',
    defaultMessage: 'It helps us make learning here better.',
    description: 'Text under the thank-you heading of the feedback dialog',
  },
  failed: {
    id: 'feedback.failed',
    defaultMessage: 'Your feedback could not be sent. Please try again.',
    description: 'Error shown in the feedback form when sending failed',
  },
  topicNo: {
    id: 'feedback.topic.no',
    defaultMessage: 'No, everything went fine',
    description: 'Feedback topic checkbox: the learner had no difficulty',
  },
  topicNavigation: {
    id: 'feedback.topic.navigation',
    defaultMessage: 'Navigation',
    description: 'Feedback topic checkbox: finding their way around the portal',
  },
  topicStartFinishCourse: {
    id: 'feedback.topic.startFinishCourse',
    defaultMessage: 'Starting or finishing a course',
    description: 'Feedback topic checkbox',
  },
  topicActivityResults: {
    id: 'feedback.topic.activityResults',
    defaultMessage: 'Activity results',
    description: 'Feedback topic checkbox: scores and grades of activities',
  },
  topicCommunicationHub: {
    id: 'feedback.topic.communicationHub',
    defaultMessage: 'Chat and announcements',
    description: 'Feedback topic checkbox: the communication hub (chats)',
  },
  topicCourseActivities: {
    id: 'feedback.topic.courseActivities',
    defaultMessage: 'Course activities',
    description: 'Feedback topic checkbox: the activities inside a course',
  },
  topicExamConnection: {
    id: 'feedback.topic.examConnection',
    defaultMessage: 'Connecting to an exam',
    description: 'Feedback topic checkbox: joining a proctored exam',
  },
  topicAccessibility: {
    id: 'feedback.topic.accessibility',
    defaultMessage: 'Accessibility',
    description: 'Feedback topic checkbox',
  },
  topicRegistration: {
    id: 'feedback.topic.registration',
    defaultMessage: 'Registration and enrolment',
    description: 'Feedback topic checkbox: signing up for courses',
  },
  topicContentManagement: {
    id: 'feedback.topic.contentManagement',
    defaultMessage: 'Content management',
    description: 'Feedback topic checkbox',
  },
  topicReports: { id: 'feedback.topic.reports', defaultMessage: 'Reports', description: 'Feedback topic checkbox' },
  topicAdminFunctionality: {
    id: 'feedback.topic.adminFunctionality',
    defaultMessage: 'Administration',
    description: 'Feedback topic checkbox: administrator functions',
  },
  topicOther: {
    id: 'feedback.topic.other',
    defaultMessage: 'Something else',
    description: 'Feedback topic checkbox: any other topic',
  },
});
