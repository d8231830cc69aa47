import { defineMessages } from 'react-intl';

export const courseListMessages = defineMessages({
  filtersUnavailable: {
    id: 'courseList.filtersUnavailable',
    defaultMessage: 'Some filters are no longer available and were removed.',
    description: 'Toast on My courses or the catalog when the link had filter values that do not exist (any more)',
  },
  collectionsLabel: {
    id: 'courseList.collections.label',
    defaultMessage: 'Collections',
    description:
      'Accessible name of the row of collection chips above a course list, and heading of the collection filter',
  },
  uncategorized: {
    id: 'courseList.collections.uncategorized',
    defaultMessage: 'Uncategorized',
    description: 'Name of the collection chip for courses that belong to no collection',
  },
  filtersButton: {
    id: 'courseList.filters.button',
    defaultMessage: 'Filters',
    description: 'Button above a course list that opens the filter panel',
  },
  filtersActive: {
    id: 'courseList.filters.active',
    defaultMessage: '{count, plural, one {# filter active} other {# filters active}}',
    description: 'Screen-reader text of the dot on the Filters button: how many filter values are selected',
  },
  filtersTitle: {
    id: 'courseList.filters.title',
    defaultMessage: 'Filter courses',
    description: 'Heading of the filter side panel of a course list',
  },
  clearFilters: {
    id: 'courseList.filters.clear',
    defaultMessage: 'Clear filters',
    description: 'Button that removes every selected filter of a course list; disabled when none is selected',
  },
  showResults: {
    id: 'courseList.filters.showResults',
    defaultMessage: '{count, plural, =0 {No courses to show} one {Show # course} other {Show # courses}}',
    description: 'Button at the bottom of the filter panel that closes it; count is how many courses match',
  },
  progress: {
    id: 'courseList.filters.progress',
    defaultMessage: 'Progress',
    description: 'Heading of the progress filter (not started, in progress, completed)',
  },
  priority: {
    id: 'courseList.filters.priority',
    defaultMessage: 'Priority',
    description: 'Heading of the priority filter (mandatory, optional)',
  },
  term: {
    id: 'courseList.filters.term',
    defaultMessage: 'Term',
    description: 'Heading of the term filter (for example Spring 2026)',
  },
  notStarted: {
    id: 'courseList.filters.progress.notStarted',
    defaultMessage: 'Not started',
    description: 'Progress filter value: courses not started',
  },
  inProgress: {
    id: 'courseList.filters.progress.inProgress',
    defaultMessage: 'In progress',
    description: 'Progress filter value: courses in progress',
  },
  completed: {
    id: 'courseList.filters.progress.completed',
    defaultMessage: 'Completed',
    description: 'Progress filter value: completed courses',
  },
  mandatory: {
    id: 'courseList.filters.priority.mandatory',
    defaultMessage: 'Mandatory',
    description: 'Priority filter value: mandatory courses',
  },
  optional: {
    id: 'courseList.filters.priority.optional',
    defaultMessage: 'Optional',
    description: 'Priority filter value: optional courses',
  },
  close: {
    id: 'courseList.filters.close',
    defaultMessage: 'Close filters',
    description: 'Accessible name of the icon-only button that closes the filter panel',
  },
  showMore: {
    id: 'courseList.showMore',
    defaultMessage: 'Show more courses',
    description: 'Button under a long course list that loads the next courses',
  },
  shown: {
    id: 'courseList.shown',
    defaultMessage: 'Showing {shown} of {total}',
    description: 'Under a long course list: how many of the matching courses are on the page',
  },
  pageFailed: {
    id: 'courseList.pageFailed',
    defaultMessage: 'More courses could not be loaded.',
    description: 'Under a course list when loading the next courses failed; a retry button follows',
  },
  noMatchTitle: {
    id: 'courseList.noMatch.title',
    defaultMessage: 'No courses match "{keyword}"',
    description: 'Shown when a keyword search finds no course; keyword is what the learner typed',
  },
  noMatchHint: {
    id: 'courseList.noMatch.hint',
    defaultMessage: 'Check the spelling or try another keyword.',
    description: 'Hint under the no-results title of the course search',
  },
  clearSearch: {
    id: 'courseList.noMatch.clearSearch',
    defaultMessage: 'Clear search',
    description: 'Button under the no-results message of a keyword search: empties the search box',
  },
  noFilterMatchTitle: {
    id: 'courseList.noFilterMatch.title',
    defaultMessage: 'No courses match these filters',
    description: 'Shown when the selected filters (without a keyword) leave no course',
  },
  noFilterMatchHint: {
    id: 'courseList.noFilterMatch.hint',
    defaultMessage: 'Remove a filter or clear them all to see more courses.',
    description: 'Hint under the no-results title when filters leave no course',
  },
});
