// An event: when (in the learner's time zone, which the IntlProvider carries), where, and the
// online meeting's link. A date tile repeats the day for the eye; the facts list says it all.
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { activityMessages } from '../messages';
import { ExternalLink } from './ExternalLink';
import { LmsContent } from './LmsContent';

const day: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

function valid(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3 8.5h14M7 3v3M13 3v3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function PlaceIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M10 18s-5.5-5.2-5.5-9.3a5.5 5.5 0 0 1 11 0C15.5 12.8 10 18 10 18Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="8.5" r="2" fill="currentColor" />
    </svg>
  );
}

export function EventActivity({ activity }: { activity: PlayerActivity }) {
  const intl = useIntl();
  const event = activity.content.event;
  const start = valid(event?.start);
  const end = valid(event?.end);
  // Same day: 'Thursday, December 3, 2026' and '2:00 – 3:00 PM GMT'; else one range for both.
  const sameDay = start && end && intl.formatDate(start, day) === intl.formatDate(end, day);
  const date = start
    ? end && !sameDay
      ? intl.formatDateTimeRange(start, end, { ...day, ...time })
      : intl.formatDate(start, day)
    : undefined;
  const hours =
    start && (!end || sameDay)
      ? end
        ? intl.formatDateTimeRange(start, end, time)
        : intl.formatTime(start, time)
      : undefined;
  return (
    <div className="activity-event">
      {event ? (
        <div className="event-card">
          {start && (
            <div className="event-card__tile" aria-hidden="true">
              <span className="event-card__month">{intl.formatDate(start, { month: 'short' })}</span>
              <span className="event-card__day">{intl.formatDate(start, { day: 'numeric' })}</span>
            </div>
          )}
          <div className="event-card__main">
            <dl className="event-facts">
              {date && (
                <div className="event-facts__row">
                  <dt>
                    <CalendarIcon />
                    <span className="visually-hidden">
                      <FormattedMessage {...activityMessages.eventWhen} />
                    </span>
                  </dt>
                  <dd>
                    <span className="event-facts__date">{date}</span>
                    {hours && <span className="event-facts__time">{hours}</span>}
                    <span className="event-facts__hint">
                      <FormattedMessage {...activityMessages.eventTimeZone} />
                    </span>
                  </dd>
                </div>
              )}
              {event.location && (
                <div className="event-facts__row">
                  <dt>
                    <PlaceIcon />
                    <span className="visually-hidden">
                      <FormattedMessage {...activityMessages.eventWhere} />
                    </span>
                  </dt>
                  <dd>
                    <bdi>{event.location}</bdi>
                  </dd>
                </div>
              )}
            </dl>
            {event.meetingUrl && (
              <p className="activity-link">
                <ExternalLink className="button button--secondary" href={event.meetingUrl}>
                  <FormattedMessage {...activityMessages.eventOnline} />
                </ExternalLink>
              </p>
            )}
          </div>
        </div>
      ) : (
        <p className="activity-empty">
          <FormattedMessage {...activityMessages.eventNoDetails} />
        </p>
      )}
      {activity.content.html && <LmsContent html={activity.content.html} />}
    </div>
  );
}
