import { defineMessages } from 'react-intl';

export const dashboardMessages = defineMessages({
  title: {
    id: 'dashboard.title',
    defaultMessage: 'Dashboard',
    description: 'Browser tab title of the learner dashboard (start page)',
  },
  greeting: {
    id: 'dashboard.greeting',
    defaultMessage: 'Welcome back, {name}',
    description: 'Heading of the learner dashboard; name is the first word of the learner full name',
  },
  intro: {
    id: 'dashboard.intro',
    defaultMessage: 'Pick up where you left off and keep an eye on what is due.',
    description: 'Line under the dashboard greeting',
  },
  continueLearning: {
    id: 'dashboard.section.continue',
    defaultMessage: 'Continue learning',
    description: 'Heading of the dashboard section listing courses in progress',
  },
  dueSoon: {
    id: 'dashboard.section.dueSoon',
    defaultMessage: 'Due soon',
    description: 'Heading of the dashboard section listing courses whose due date is near',
  },
  dueSoonHint: {
    id: 'dashboard.section.dueSoonHint',
    defaultMessage: '{days, plural, one {Due within the next day} other {Due within the next # days}}',
    description: 'Line under the Due soon heading; days is the window the tenant counts as due soon',
  },
  recentlyFinished: {
    id: 'dashboard.section.finished',
    defaultMessage: 'Recently finished',
    description: 'Heading of the dashboard section listing courses the learner finished lately',
  },
  emptyContinue: {
    id: 'dashboard.empty.continue',
    defaultMessage: 'No course in progress. Start one from My courses.',
    description: 'Shown in Continue learning when no course is in progress',
  },
  emptyDueSoon: {
    id: 'dashboard.empty.dueSoon',
    defaultMessage: 'Nothing is due soon.',
    description: 'Shown in Due soon when no course is due in the window',
  },
  emptyFinished: {
    id: 'dashboard.empty.finished',
    defaultMessage: 'No finished course yet.',
    description: 'Shown in Recently finished when the learner has finished no course',
  },
  courseCount: {
    id: 'dashboard.section.count',
    defaultMessage: '{count, plural, one {# course} other {# courses}}',
    description: 'Number of courses next to a dashboard section heading',
  },
  allCourses: {
    id: 'dashboard.allCourses',
    defaultMessage: 'See all my courses',
    description: 'Link from the dashboard to the My courses page',
  },
  loadFailed: {
    id: 'dashboard.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the dashboard could not be loaded',
  },
  loadFailedHint: {
    id: 'dashboard.loadFailedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Hint under the dashboard loading failure title',
  },
});
