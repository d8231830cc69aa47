// An event: when (in the learner's time zone, which the IntlProvider carries) and where.
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { RichContent } from '../../../ui/rich-content/RichContent';
import { activityMessages } from '../messages';

const dateTime: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

export function EventActivity({ activity }: { activity: PlayerActivity }) {
  const intl = useIntl();
  const event = activity.content.event;
  const when = event?.start
    ? event.end
      ? intl.formatDateTimeRange(new Date(event.start), new Date(event.end), dateTime)
      : intl.formatDate(event.start, dateTime)
    : undefined;
  return (
    <div className="activity-event">
      {event ? (
        <dl className="event-facts">
          {when && (
            <div>
              <dt>
                <FormattedMessage {...activityMessages.eventWhen} />
              </dt>
              <dd>
                {when}
                <span className="event-facts__hint">
                  <FormattedMessage {...activityMessages.eventTimeZone} />
                </span>
              </dd>
            </div>
          )}
          {event.location && (
            <div>
              <dt>
                <FormattedMessage {...activityMessages.eventWhere} />
              </dt>
              <dd>{event.location}</dd>
            </div>
          )}
          {event.meetingUrl && (
            <div>
              <dt className="visually-hidden">
                <FormattedMessage {...activityMessages.eventOnline} />
              </dt>
              <dd>
                <a className="button button--secondary" href={event.meetingUrl} target="_blank" rel="noopener noreferrer">
                  <FormattedMessage {...activityMessages.eventOnline} />
                </a>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="activity-empty">
          <FormattedMessage {...activityMessages.eventNoDetails} />
        </p>
      )}
      {activity.content.html && <RichContent html={activity.content.html} />}
    </div>
  );
}
