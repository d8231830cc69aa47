import { MessagePage } from '../../ui/MessagePage';
import { calendarMessages } from './messages';

/** Placeholder until the calendar screen is built. */
export default function CalendarPage() {
  return <MessagePage title={calendarMessages.title} text={calendarMessages.comingSoon} />;
}
