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
    defaultMessage:
      'Your courses appear here as soon as you are enrolled. The catalog is not available for your organisation.',
    description: 'Hint under the no-courses title when the catalog is disabled',
  },
  subtitle: {
    id: 'myCourses.subtitle',
    defaultMessage: 'Pick up where you left off, or start something new.',
    description: 'Short line under the My courses heading',
  },
  loadFailed: {
    id: 'myCourses.loadFailed',
    defaultMessage: 'Your courses could not be loaded.',
    description: 'Shown when the My courses list failed to load; a retry button follows',
  },
});
