import { defineMessages } from 'react-intl';

export const myCoursesMessages = defineMessages({
  searchLabel: {
    id: 'myCourses.search.label',
    defaultMessage: 'Search courses',
    description: 'Label of the keyword search box above the My courses list',
  },
  resultsCount: {
    id: 'myCourses.results.count',
    defaultMessage: '{count, plural, =0 {No courses} one {# course} other {# courses}}',
    description: 'Announced after the course list loads: how many courses are shown',
  },
  listLabel: {
    id: 'myCourses.list.label',
    defaultMessage: 'Courses',
    description: 'Accessible name of the list of course cards',
  },
  emptyTitle: {
    id: 'myCourses.empty.title',
    defaultMessage: 'You have no courses yet',
    description: 'Shown on My courses when the learner has no course and did not search',
  },
  emptyCatalogHint: {
    id: 'myCourses.empty.catalogHint',
    defaultMessage: 'Find a course in the catalog and add it to your courses.',
    description: 'Hint under the no-courses title when the catalog is enabled',
  },
  emptyBrowseCatalog: {
    id: 'myCourses.empty.browseCatalog',
    defaultMessage: 'Browse the catalog',
    description: 'Button-like link from the empty My courses page to the catalog',
  },
  emptyCatalogDisabled: {
    id: 'myCourses.empty.catalogDisabled',
    defaultMessage: 'Your courses appear here as soon as you are enrolled. The catalog is not available for your organisation.',
    description: 'Hint under the no-courses title when the catalog is disabled',
  },
  noMatchTitle: {
    id: 'myCourses.noMatch.title',
    defaultMessage: 'No courses match "{keyword}"',
    description: 'Shown when a keyword search finds no course; keyword is what the learner typed',
  },
  noMatchHint: {
    id: 'myCourses.noMatch.hint',
    defaultMessage: 'Check the spelling or try another keyword.',
    description: 'Hint under the no-results title of the course search',
  },
  loadFailed: {
    id: 'myCourses.loadFailed',
    defaultMessage: 'Your courses could not be loaded.',
    description: 'Shown when the My courses list failed to load; a retry button follows',
  },
});

export const cardMessages = defineMessages({
  code: {
    id: 'myCourses.card.code',
    defaultMessage: 'Code: {code}',
    description: 'Course code on a course card',
  },
  progress: {
    id: 'myCourses.card.progress',
    defaultMessage: 'Progress',
    description: 'Accessible name of the progress bar on a course card',
  },
  duration: {
    id: 'myCourses.card.duration',
    defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}',
    description: 'Duration of a course on its card, in whole minutes',
  },
  mandatory: {
    id: 'myCourses.card.mandatory',
    defaultMessage: 'Mandatory',
    description: 'Tag on the card of a course the learner must take',
  },
  comingSoon: {
    id: 'myCourses.card.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Badge on the card of a draft course that cannot be started yet',
  },
  statusNotStarted: {
    id: 'myCourses.card.status.notStarted',
    defaultMessage: 'Not started',
    description: 'Course card footer: the learner has not started the course',
  },
  statusInProgress: {
    id: 'myCourses.card.status.inProgress',
    defaultMessage: 'In progress',
    description: 'Course card footer: the course is in progress',
  },
  statusSubmitted: {
    id: 'myCourses.card.status.submitted',
    defaultMessage: 'Submitted',
    description: 'Course card footer: the learner submitted the course',
  },
  statusInGrading: {
    id: 'myCourses.card.status.inGrading',
    defaultMessage: 'In grading',
    description: 'Course card footer: the course is being graded',
  },
  statusGraded: {
    id: 'myCourses.card.status.graded',
    defaultMessage: 'Graded',
    description: 'Course card footer: the course has been graded',
  },
  statusGradingApproved: {
    id: 'myCourses.card.status.gradingApproved',
    defaultMessage: 'Grading approved',
    description: 'Course card footer: the grading of the course was approved',
  },
  statusFinished: {
    id: 'myCourses.card.status.finished',
    defaultMessage: 'Finished',
    description: 'Course card footer: the course is finished',
  },
  passed: {
    id: 'myCourses.card.result.passed',
    defaultMessage: 'Passed',
    description: 'Result of a finished course: passed',
  },
  failed: {
    id: 'myCourses.card.result.failed',
    defaultMessage: 'Failed',
    description: 'Result of a finished course: not passed',
  },
  score: {
    id: 'myCourses.card.result.score',
    defaultMessage: 'Score: {score}',
    description: 'Score of a finished course on its card; score is a percentage',
  },
  grade: {
    id: 'myCourses.card.result.grade',
    defaultMessage: 'Grade: {grade}',
    description: 'Grade of a finished course on its card, from the course grading scale',
  },
});
