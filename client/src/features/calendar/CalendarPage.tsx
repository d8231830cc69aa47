import { useIntl } from 'react-intl';
import { PageHeading } from '../../ui/PageHeading';
import { calendarMessages } from './messages';

/** Placeholder until the calendar screen is built. */
export default function CalendarPage() {
  const intl = useIntl();
  return (
    <section className="page page--message">
      <PageHeading>{intl.formatMessage(calendarMessages.title)}</PageHeading>
      <p>{intl.formatMessage(calendarMessages.comingSoon)}</p>
    </section>
  );
}
