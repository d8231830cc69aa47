import { defineMessages } from 'react-intl';

export const catalogMessages = defineMessages({
  title: {
    id: 'catalog.title',
    defaultMessage: 'Catalog',
    description: 'Heading of the catalog page',
  },
  comingSoon: {
    id: 'catalog.comingSoon',
    defaultMessage: 'Coming soon.',
    description: 'Placeholder text on the catalog page, which is not built yet',
  },
});
