import { defineMessages } from 'react-intl';

export const uiMessages = defineMessages({
  defaultTitle: {
    id: 'ui.documentTitle.fallback',
    defaultMessage: 'Learner portal',
    description: 'Browser tab title when the product name is not known yet',
  },
  documentTitle: {
    id: 'ui.documentTitle.page',
    defaultMessage: '{page} | {product}',
    description: 'Browser tab title: the page name, then the product name',
  },
  loading: {
    id: 'ui.loading',
    defaultMessage: 'Loading…',
    description: 'Text read by screen readers while a page or list is loading',
  },
  tryAgainLater: {
    id: 'ui.error.tryAgainLater',
    defaultMessage: 'Please try again in a few minutes.',
    description:
      'Text under the title of a page or part that could not be loaded because the server is unavailable for now',
  },
  commandOffline: {
    id: 'ui.error.commandOffline',
    defaultMessage: 'You are offline. Please try again once you are back online.',
    description:
      'Message shown when an action (enrolling, marking an activity done, sending a message) failed because the device has no network connection',
  },
  commandUnavailable: {
    id: 'ui.error.commandUnavailable',
    defaultMessage: 'The learning platform is not available right now. Please try again in a few minutes.',
    description:
      'Message shown when an action (enrolling, starting a course, sending a message) failed because the server is unavailable for now',
  },
  retry: {
    id: 'ui.retry',
    defaultMessage: 'Try again',
    description: 'Button that repeats a request that failed',
  },
  notifications: {
    id: 'ui.toasts.label',
    defaultMessage: 'Notifications',
    description: 'Accessible name of the region where short notifications (toasts) appear',
  },
  close: {
    id: 'ui.close',
    defaultMessage: 'Close',
    description: 'Accessible name of an icon-only button that closes a notification or panel',
  },
});
