// Temporary screen for a route whose feature is being built; removed when the last one lands.
import { defineMessages } from 'react-intl';
import { MessagePage } from './MessagePage';

const messages = defineMessages({
  title: {
    id: 'ui.notBuilt.title',
    defaultMessage: 'Coming soon',
    description: 'Heading of a page that is not available in this version yet',
  },
  text: {
    id: 'ui.notBuilt.text',
    defaultMessage: 'This page is not available yet.',
    description: 'Text of a page that is not available in this version yet',
  },
});

export function NotBuiltYet() {
  return <MessagePage title={messages.title} text={messages.text} />;
}
