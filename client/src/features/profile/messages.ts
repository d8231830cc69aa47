import { defineMessages } from 'react-intl';

export const profileMessages = defineMessages({
  title: {
    id: 'profile.title',
    defaultMessage: 'Profile',
    description: 'Heading of the profile page',
  },
  comingSoon: {
    id: 'profile.comingSoon',
    defaultMessage: 'Coming soon.',
    description: 'Placeholder text on the profile page, which is not built yet',
  },
});
