import { defineMessages } from 'react-intl';

export const chatMessages = defineMessages({
  title: {
    id: 'chat.title',
    defaultMessage: 'Messages',
    description: 'Heading of the chat panel that lists the course announcements and team chats',
  },
  open: {
    id: 'chat.open',
    defaultMessage: 'Messages',
    description: 'Header button that opens the chat panel',
  },
  openUnread: {
    id: 'chat.openUnread',
    defaultMessage: 'Messages, {count, plural, one {# unread} other {# unread}}',
    description: 'Accessible name of the header button that opens the chat panel when there are unread messages',
  },
  close: {
    id: 'chat.close',
    defaultMessage: 'Close messages',
    description: 'Button that closes the chat panel',
  },
  back: {
    id: 'chat.back',
    defaultMessage: 'All channels',
    description: 'Button in an open chat channel that goes back to the list of channels',
  },
  announcements: {
    id: 'chat.kind.announcement',
    defaultMessage: 'Course announcements',
    description: 'Label of a chat channel with the announcements of a course',
  },
  team: {
    id: 'chat.kind.team',
    defaultMessage: 'Team chat',
    description: 'Label of a chat channel of a team working together on an assignment',
  },
  unread: {
    id: 'chat.unread',
    defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}',
    description: 'Badge of a chat channel with unread messages',
  },
  noChannels: {
    id: 'chat.noChannels',
    defaultMessage: 'No announcements or team chats yet.',
    description: 'Shown in the chat panel when the learner has no channels',
  },
  noMessages: {
    id: 'chat.noMessages',
    defaultMessage: 'No messages yet.',
    description: 'Shown in a chat channel without messages',
  },
  loadFailed: {
    id: 'chat.loadFailed',
    defaultMessage: 'The chat could not be loaded.',
    description:
      'Title in the chat panel when the list of channels or a channel could not be loaded; a line under it says why or to try again in a few minutes, then a Try again button',
  },
  unavailable: {
    id: 'chat.unavailable',
    defaultMessage: 'Chat is not available. Please contact administrator.',
    description:
      'Shown under the title when the chat channels or a channel cannot be opened (spec text); for a failure of the server for now, a text asking to try again in a few minutes is shown instead',
  },
  message: {
    id: 'chat.message',
    defaultMessage: 'Message',
    description: 'Label of the text box where the learner writes a chat message',
  },
  send: {
    id: 'chat.send',
    defaultMessage: 'Send',
    description: 'Button that posts a chat message',
  },
  readOnly: {
    id: 'chat.readOnly',
    defaultMessage: 'Only instructors post announcements.',
    description: 'Shown instead of the message box in a course announcement channel',
  },
  you: {
    id: 'chat.you',
    defaultMessage: 'You',
    description: 'Author shown for the learner’s own chat messages',
  },
  required: {
    id: 'chat.required',
    defaultMessage: 'Field is required',
    description: 'Error under the message box when the learner sends an empty message',
  },
  maxLength: {
    id: 'chat.maxLength',
    defaultMessage: 'Maximum length is {length}',
    description:
      'Error under the message box when the message is too long; {length} is the number of characters allowed',
  },
  sendFailed: {
    id: 'chat.sendFailed',
    defaultMessage: 'The message could not be sent.',
    description:
      'Error under the chat message box when posting a message failed; the typed text stays, and a second line may say why and that the learner can try again',
  },
  newMessage: {
    id: 'chat.newMessage',
    defaultMessage: '{author}: {text}',
    description: 'Announcement read to screen readers when a new chat message arrives',
  },
});
