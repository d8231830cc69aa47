import { defineMessages } from 'react-intl';

export const errorMessages = defineMessages({
  notFoundTitle: {
    id: 'errors.notFound.title',
    defaultMessage: 'Page not found',
    description: 'Heading of the page shown for an address that does not exist',
  },
  notFoundText: {
    id: 'errors.notFound.text',
    defaultMessage: 'The page you are looking for does not exist or has moved.',
    description: 'Explanation on the not-found page',
  },
  forbiddenTitle: {
    id: 'errors.forbidden.title',
    defaultMessage: '403 Forbidden',
    description: 'Heading of the page shown when the learner may not open this area',
  },
  forbiddenText: {
    id: 'errors.forbidden.text',
    defaultMessage: 'You do not have the necessary access rights to open this page.',
    description: 'Explanation on the forbidden page',
  },
  backToCourses: {
    id: 'errors.backToCourses',
    defaultMessage: 'Go to my courses',
    description: 'Link on the not-found page back to the My courses list',
  },
  platformTitle: {
    id: 'errors.platform.title',
    defaultMessage: 'Research and knowledge models',
    description: 'Heading of the page for users who only have research or knowledge-model features',
  },
  platformText: {
    id: 'errors.platform.text',
    defaultMessage: 'Your account gives access to research projects and knowledge models on the platform, not to courses.',
    description: 'Explanation on the page for users who only have research or knowledge-model features',
  },
});
