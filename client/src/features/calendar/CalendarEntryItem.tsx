// One entry of the calendar: its time, what it marks, and a link to its course.
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CalendarEntry, CalendarEntryKind } from '../../api/contracts/bff';
import { calendarMessages as m } from './messages';

export const KIND_LABELS: Record<CalendarEntryKind, MessageDescriptor> = {
  due: m.kindDue,
  availableFrom: m.kindAvailableFrom,
  availableUntil: m.kindAvailableUntil,
  event: m.kindEvent,
};

/**
 * What an entry marks: its course, or an event's activity in its course. The names are set apart
 * (`<bdi>`), so an English name keeps its order in an Arabic page while the line still starts at
 * the page's start.
 */
export function entryTitle(intl: ReturnType<typeof useIntl>, entry: CalendarEntry): ReactNode {
  return entry.kind === 'event' && entry.activityName ? (
    intl.formatMessage(m.eventActivity, {
      activity: <bdi key="activity">{entry.activityName}</bdi>,
      course: <bdi key="course">{entry.courseName}</bdi>,
    })
  ) : (
    <bdi>{entry.courseName}</bdi>
  );
}

export function CalendarEntryItem({ entry }: { entry: CalendarEntry }) {
  const intl = useIntl();
  return (
    <li className={`cal-entry cal-entry--${entry.kind}`}>
      <time className="cal-entry__time" dateTime={entry.at}>
        {intl.formatTime(entry.at, { hour: 'numeric', minute: '2-digit' })}
      </time>
      <span className="cal-entry__kind">{intl.formatMessage(KIND_LABELS[entry.kind])}</span>
      <Link className="cal-entry__link" to={entry.link}>
        {entryTitle(intl, entry)}
      </Link>
    </li>
  );
}

/** A day's entries, in the view's order. */
export function CalendarEntryList({ entries }: { entries: readonly CalendarEntry[] }) {
  return (
    <ul className="cal-entries">
      {entries.map((entry, index) => (
        <CalendarEntryItem key={`${entry.objectiveId}-${entry.kind}-${index}`} entry={entry} />
      ))}
    </ul>
  );
}
