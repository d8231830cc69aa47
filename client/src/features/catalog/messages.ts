import { defineMessages } from 'react-intl';

export const catalogMessages = defineMessages({
  title: {
    id: 'catalog.title',
    defaultMessage: 'Catalog',
    description: 'Heading of the catalog page',
  },
  subtitle: {
    id: 'catalog.subtitle',
    defaultMessage: 'Browse the courses your organisation offers and add them to your courses.',
    description: 'Short line under the catalog heading',
  },
  searchLabel: {
    id: 'catalog.search.label',
    defaultMessage: 'Search the catalog',
    description: 'Label of the keyword search box of the catalog',
  },
  listLabel: {
    id: 'catalog.list.label',
    defaultMessage: 'Catalog courses',
    description: 'Accessible name of the list of course cards in the catalog',
  },
  resultsCount: {
    id: 'catalog.results.count',
    defaultMessage: '{count, plural, =0 {No courses} one {# course} other {# courses}}',
    description: 'Announced after the catalog list loads: how many courses match',
  },
  loadFailed: {
    id: 'catalog.loadFailed',
    defaultMessage: 'The catalog could not be loaded.',
    description: 'Shown when the catalog failed to load; a retry button follows',
  },
  emptyTitle: {
    id: 'catalog.empty.title',
    defaultMessage: 'No courses in the catalog right now',
    description: 'Shown when the catalog has no course the learner can add (without search or filters)',
  },
  emptyHint: {
    id: 'catalog.empty.hint',
    defaultMessage: 'New courses appear here when your organisation publishes them.',
    description: 'Hint under the empty catalog title',
  },
  toMyCourses: {
    id: 'catalog.empty.toMyCourses',
    defaultMessage: 'Go to my courses',
    description: 'Link from the empty catalog to My courses',
  },
});

export const catalogCourseMessages = defineMessages({
  back: {
    id: 'catalogCourse.back',
    defaultMessage: 'Back to the catalog',
    description: 'Link above a catalog course page back to the catalog list',
  },
  code: {
    id: 'catalogCourse.code',
    defaultMessage: 'Code: {code}',
    description: 'Course code on the catalog course page',
  },
  mandatory: {
    id: 'catalogCourse.mandatory',
    defaultMessage: 'Mandatory',
    description: 'Badge on the catalog course page of a course the learner must take',
  },
  duration: {
    id: 'catalogCourse.duration',
    defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}',
    description: 'Duration of the course on the catalog course page, in whole minutes',
  },
  collections: {
    id: 'catalogCourse.collections',
    defaultMessage: 'Collections',
    description: 'Accessible name of the list of collections a course belongs to, on the catalog course page',
  },
  about: {
    id: 'catalogCourse.about',
    defaultMessage: 'About this course',
    description: 'Heading of the About section (rich text) on the catalog course page',
  },
  addToMyCourses: {
    id: 'catalogCourse.addToMyCourses',
    defaultMessage: 'Add to my courses',
    description: 'Button on the catalog course page that enrols the learner in the course',
  },
  adding: {
    id: 'catalogCourse.adding',
    defaultMessage: 'Adding…',
    description: 'The Add to my courses button while the enrolment is being sent',
  },
  enrolled: {
    id: 'catalogCourse.enrolled',
    defaultMessage: 'Enrolled',
    description: 'State shown instead of the Add button when the course is already in My courses',
  },
  goToCourse: {
    id: 'catalogCourse.goToCourse',
    defaultMessage: 'Go to the course',
    description: 'Link from the catalog course page to the course details, once enrolled',
  },
  enrolledToast: {
    id: 'catalogCourse.enrolledToast',
    defaultMessage: 'You have successfully been enrolled to {courseName}',
    description: 'Success toast after the learner added a course to My courses',
  },
  unknownError: {
    id: 'catalogCourse.unknownError',
    defaultMessage: 'Unknown error. Please refresh the page and try again.',
    description: 'Critical toast when enrolling failed without a message from the server',
  },
  accountCreated: {
    id: 'catalogCourse.accountCreated',
    defaultMessage: 'Your account has been created.',
    description: 'Success toast when the learner arrives after registering (selfRegistered link)',
  },
  starting: {
    id: 'catalogCourse.starting',
    defaultMessage: 'Adding the course and opening it…',
    description: 'Status on the catalog course page while a link adds the course and starts it',
  },
  willBeAvailable: {
    id: 'catalogCourse.notice.willBeAvailable',
    defaultMessage: 'Will be available to start on {date}',
    description: 'Notice on the catalog course page: the course cannot be started before this date',
  },
  wasAvailableBefore: {
    id: 'catalogCourse.notice.wasAvailableBefore',
    defaultMessage: 'Was available to start before {date}',
    description: 'Notice on the catalog course page: the course could only be started before this date',
  },
  comingSoon: {
    id: 'catalogCourse.notice.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Notice on the catalog course page of a draft course',
  },
  notAvailable: {
    id: 'catalogCourse.notice.notAvailable',
    defaultMessage: 'This content is not available at the moment. Please come back later or ask your administrator.',
    description: 'Notice on the catalog course page of a course that cannot be opened now',
  },
  loadFailed: {
    id: 'catalogCourse.loadFailed',
    defaultMessage: 'This course could not be loaded.',
    description: 'Shown when the catalog course page failed to load; a retry button follows',
  },
  uncategorized: {
    id: 'catalogCourse.uncategorized',
    defaultMessage: 'Uncategorized',
    description: 'Collection name for a course that belongs to no collection',
  },
});
