// The agenda: the month's days that hold entries, in order, each with its entries and links to
// their courses; buttons move a month back or ahead. In the current month, today has its place
// among them, named so, even without entries: what is above it has passed, what is below is to
// come. The current month's agenda then goes on with the next month's days under that month's
// name, so that what is coming up shows even near the end of a month. While a month's entries
// load, its heading and buttons stay and a spinner (after 300 ms) takes the days' place; when
// they could not be loaded, the failure with Try again does. So too for the next month's part:
// when it could not be loaded, its failure and Try again (for that part only) sit under its
// name, and the current month's days stay above it.
import type { CalendarDate } from '@internationalized/date';
import { useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Button } from 'react-aria-components';
import type { CalendarEntry } from '../../api/contracts/bff';
import { ChevronIcon } from '../../app/icons';
import { DelayedLoading } from '../../ui/DelayedLoading';
import { CalendarEntryList } from './CalendarEntryItem';
import { calendarMessages as m } from './messages';
import { MonthFailure, useMonthFailureFocus } from './MonthFailure';

interface Props {
  date: CalendarDate;
  /** Today in the learner's time zone. */
  today: CalendarDate;
  timeZone: string;
  byDay: Map<string, CalendarEntry[]>;
  /** The month's entries are on their way: `byDay` is not yet this month's. */
  loading: boolean;
  /** The month's entries could not be loaded. */
  failed: boolean;
  /** Asks for the month's entries again. */
  onRetry: () => void;
  /** The month after the current one, shown below it once loaded, or once it failed to load. */
  following?: Following;
  onDateChange: (date: CalendarDate) => void;
}

interface Following {
  /** The month's first day. */
  date: CalendarDate;
  byDay: Map<string, CalendarEntry[]>;
  /** Its entries could not be loaded. */
  failed: boolean;
  /** Asks for its entries again, and for nothing else. */
  onRetry: () => void;
}

export function AgendaView({ date, today, timeZone, byDay, loading, failed, onRetry, following, onDateChange }: Props) {
  const intl = useIntl();
  const monthName = formatMonth(intl, date, timeZone);
  const failure = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Only the spinner was in the failure's place; once loaded, focus goes to the month's title.
  const retry = useMonthFailureFocus({ failed, failure, restore: () => title.current, onRetry });

  return (
    <div className="cal-agenda" aria-busy={loading || undefined}>
      <header className="cal__header">
        <Button
          className="cal__nav cal__nav--previous"
          aria-label={intl.formatMessage(m.previousMonth)}
          onPress={() => onDateChange(date.subtract({ months: 1 }).set({ day: 1 }))}
        >
          <ChevronIcon />
        </Button>
        <h2 ref={title} tabIndex={-1} className="cal__title" aria-live="polite">
          {monthName}
        </h2>
        <Button
          className="cal__nav"
          aria-label={intl.formatMessage(m.nextMonth)}
          onPress={() => onDateChange(date.add({ months: 1 }).set({ day: 1 }))}
        >
          <ChevronIcon />
        </Button>
      </header>
      {failed ? (
        <div ref={failure} className="cal-agenda__failure">
          <MonthFailure onRetry={retry} />
        </div>
      ) : loading ? (
        <DelayedLoading />
      ) : (
        <MonthDays date={date} today={today} timeZone={timeZone} byDay={byDay} />
      )}
      {!loading && !failed && following && <FollowingMonth following={following} today={today} timeZone={timeZone} />}
    </div>
  );
}

/** The next month's part: its name, then its days, or the failure with Try again for this part. */
function FollowingMonth({ following, today, timeZone }: { following: Following } & Pick<Props, 'today' | 'timeZone'>) {
  const intl = useIntl();
  const failure = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // As for the month in view: once Try again has loaded the part, focus goes to its name.
  const retry = useMonthFailureFocus({
    failed: following.failed,
    failure,
    restore: () => title.current,
    onRetry: following.onRetry,
  });
  return (
    <>
      <h2 ref={title} tabIndex={-1} className="cal-agenda__following">
        {formatMonth(intl, following.date, timeZone)}
      </h2>
      {following.failed ? (
        <div ref={failure} className="cal-agenda__failure">
          <MonthFailure onRetry={retry} />
        </div>
      ) : (
        <MonthDays date={following.date} today={today} timeZone={timeZone} byDay={following.byDay} />
      )}
    </>
  );
}

/** The days of `date`'s month that hold entries (and today, when it falls in that month). */
function MonthDays({ date, today, timeZone, byDay }: Pick<Props, 'date' | 'today' | 'timeZone' | 'byDay'>) {
  const intl = useIntl();
  const month = date.toString().slice(0, 7);
  const todayKey = today.toString();
  const days = [...byDay.entries()].filter(([day]) => day.startsWith(month));
  if (days.length > 0 && todayKey.startsWith(month) && !byDay.has(todayKey)) days.push([todayKey, []]);
  days.sort(([a], [b]) => a.localeCompare(b));
  if (days.length === 0) {
    return (
      <p className="cal-agenda__empty">
        {intl.formatMessage(m.emptyMonth, { month: formatMonth(intl, date, timeZone) })}
      </p>
    );
  }
  return days.map(([day, entries]) => {
    const [y, mo, d] = day.split('-').map(Number);
    const at = date.set({ year: y, month: mo, day: d }).toDate(timeZone);
    const isToday = day === todayKey;
    return (
      <section
        key={day}
        className={isToday ? 'cal-agenda__day cal-agenda__day--today' : 'cal-agenda__day'}
        aria-labelledby={`agenda-${day}`}
      >
        <h3 id={`agenda-${day}`} className="cal-agenda__date">
          {isToday && <span className="cal-agenda__today">{intl.formatMessage(m.today)}</span>}
          {intl.formatDate(at, { weekday: 'long', day: 'numeric', month: 'long' })}
          {entries.length > 0 && (
            <span className="cal-agenda__count">{intl.formatMessage(m.entryCount, { count: entries.length })}</span>
          )}
        </h3>
        {entries.length > 0 ? (
          <CalendarEntryList entries={entries} />
        ) : (
          <p className="cal-agenda__none">{intl.formatMessage(m.emptyDay)}</p>
        )}
      </section>
    );
  });
}

/** `date`'s month and year, as the agenda names a month. */
function formatMonth(intl: IntlShape, date: CalendarDate, timeZone: string): string {
  return intl.formatDate(date.toDate(timeZone), { month: 'long', year: 'numeric' });
}
