import { defineMessages } from 'react-intl';

export const calendarMessages = defineMessages({
  title: {
    id: 'calendar.title',
    defaultMessage: 'Calendar',
    description: 'Heading of the calendar page',
  },
  comingSoon: {
    id: 'calendar.comingSoon',
    defaultMessage: 'Coming soon.',
    description: 'Placeholder text on the calendar page, which is not built yet',
  },
});
