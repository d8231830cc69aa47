import { defineMessages } from 'react-intl';

export const redirectMessages = defineMessages({
  opening: {
    id: 'redirectEntry.opening',
    defaultMessage: 'Opening your course…',
    description: 'Heading of the redirect entry page while it finds where to send the learner',
  },
  failed: {
    id: 'redirectEntry.failed',
    defaultMessage: 'Something went wrong',
    description: 'Title when the redirect entry could not be resolved',
  },
  failedHint: {
    id: 'redirectEntry.failedHint',
    defaultMessage: 'Unknown error. Please refresh the page and try again.',
    description: 'Text when the redirect entry could not be resolved',
  },
});
