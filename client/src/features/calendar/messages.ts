import { defineMessages } from 'react-intl';

export const calendarMessages = defineMessages({
  title: {
    id: 'calendar.title',
    defaultMessage: 'Calendar',
    description: 'Heading of the calendar page',
  },
  intro: {
    id: 'calendar.intro',
    defaultMessage: 'Due dates, availability windows and events of your courses, in your time zone ({zone}).',
    description: 'Line under the calendar heading; zone is the learner time zone, for example Europe/London',
  },
  views: {
    id: 'calendar.views.label',
    defaultMessage: 'Calendar view',
    description: 'Accessible name of the pair of links that switch between the month and agenda views',
  },
  month: {
    id: 'calendar.views.month',
    defaultMessage: 'Month',
    description: 'Link that shows the calendar as a month grid',
  },
  agenda: {
    id: 'calendar.views.agenda',
    defaultMessage: 'Agenda',
    description: 'Link that shows the calendar as a list of days',
  },
  today: {
    id: 'calendar.today',
    defaultMessage: 'Today',
    description: 'Button that moves the calendar to the current day',
  },
  previousMonth: {
    id: 'calendar.previousMonth',
    defaultMessage: 'Previous month',
    description: 'Button of the month grid and of the agenda view that shows the month before',
  },
  nextMonth: {
    id: 'calendar.nextMonth',
    defaultMessage: 'Next month',
    description: 'Button of the month grid and of the agenda view that shows the month after',
  },
  kindDue: {
    id: 'calendar.kind.due',
    defaultMessage: 'Due',
    description: 'Label of a calendar entry marking the due date of a course',
  },
  kindAvailableFrom: {
    id: 'calendar.kind.availableFrom',
    defaultMessage: 'Opens',
    description: 'Label of a calendar entry marking when a course becomes available to start',
  },
  kindAvailableUntil: {
    id: 'calendar.kind.availableUntil',
    defaultMessage: 'Closes',
    description: 'Label of a calendar entry marking the last moment a course can be started',
  },
  kindEvent: {
    id: 'calendar.kind.event',
    defaultMessage: 'Event',
    description: 'Label of a calendar entry for a scheduled event activity (for example a live session)',
  },
  entryCount: {
    id: 'calendar.day.count',
    defaultMessage: '{count, plural, =0 {No entries} one {# entry} other {# entries}}',
    description: 'Number of calendar entries on a day',
  },
  dayHeading: {
    id: 'calendar.day.heading',
    defaultMessage: '{date}: {count, plural, =0 {no entries} one {# entry} other {# entries}}',
    description: 'Heading of the list of entries of the chosen day; date is the full date',
  },
  emptyDay: {
    id: 'calendar.day.empty',
    defaultMessage: 'Nothing is scheduled on this day.',
    description: 'Shown under the chosen day when it has no entries',
  },
  emptyMonth: {
    id: 'calendar.month.empty',
    defaultMessage: 'Nothing is scheduled in {month}.',
    description: 'Agenda view text when the month has no entries; month is the month and year',
  },
  more: {
    id: 'calendar.cell.more',
    defaultMessage: '+{count} more',
    description: 'Shown in a day cell of the month grid when more entries exist than fit',
  },
  gridHint: {
    id: 'calendar.grid.hint',
    defaultMessage:
      'Use the arrow keys to move between days; the entries of the chosen day are listed below the calendar.',
    description: 'Hidden hint read by screen readers before the month grid',
  },
  eventActivity: {
    id: 'calendar.entry.activity',
    defaultMessage: '{activity} in {course}',
    description: 'Text of an event entry: the event activity name, then the course it belongs to',
  },
  loadFailed: {
    id: 'calendar.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the calendar entries could not be loaded',
  },
  loadFailedHint: {
    id: 'calendar.loadFailedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Hint under the calendar loading failure title',
  },
});
