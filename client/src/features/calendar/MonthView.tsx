// The month grid: react-aria Calendar (a grid; arrow keys, Page Up/Down for months, Home/End),
// each day showing what it holds; the focused day's entries are listed beside the grid with
// links to their courses, and announced politely as the focus moves. While the month's entries
// load (another month was chosen), the grid is marked busy and, after 300 ms, a spinner over it
// says so; the grid keeps its place, and the day's panel does not claim it holds nothing.
import type { CalendarDate } from '@internationalized/date';
import { useIntl } from 'react-intl';
import { Button, Calendar, CalendarCell, CalendarGrid, Heading } from 'react-aria-components';
import type { CalendarEntry } from '../../api/contracts/bff';
import { ChevronIcon } from '../../app/icons';
import { DelayedLoading } from '../../ui/DelayedLoading';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { CalendarEntryList, entryTitle } from './CalendarEntryItem';
import { calendarMessages as m } from './messages';

interface Props {
  date: CalendarDate;
  today: CalendarDate;
  timeZone: string;
  byDay: Map<string, CalendarEntry[]>;
  /** The month's entries are on their way: `byDay` is not yet this month's. */
  loading: boolean;
  onDateChange: (date: CalendarDate) => void;
}

const SHOWN_PER_CELL = 2;

/**
 * Below this width a day's column is narrower than some weekday names ('الأربعاء' in Arabic,
 * which has no short forms): the header then shows one letter per day. The header is hidden
 * from screen readers either way; each day's own name says its weekday in full.
 */
const NARROW_WEEKDAYS = '(max-width: 560px)';

export function MonthView({ date, timeZone, byDay, loading, onDateChange }: Props) {
  const intl = useIntl();
  const dayEntries = byDay.get(date.toString()) ?? [];
  const fullDate = intl.formatDate(date.toDate(timeZone), { dateStyle: 'full' });
  const narrowWeekdays = useMediaQuery(NARROW_WEEKDAYS);

  return (
    <div className="cal-month">
      <p id="cal-grid-hint" className="visually-hidden">
        {intl.formatMessage(m.gridHint)}
      </p>
      <Calendar
        className="cal"
        aria-label={intl.formatMessage(m.title)}
        aria-describedby="cal-grid-hint"
        value={date}
        onChange={onDateChange}
        focusedValue={date}
        onFocusChange={onDateChange}
      >
        <header className="cal__header">
          <Button slot="previous" className="cal__nav cal__nav--previous">
            <ChevronIcon />
          </Button>
          <Heading className="cal__title" />
          <Button slot="next" className="cal__nav">
            <ChevronIcon />
          </Button>
        </header>
        <div className="cal__body">
          <CalendarGrid
            className="cal__grid"
            weekdayStyle={narrowWeekdays ? 'narrow' : 'short'}
            // react-aria passes no aria-busy on; its render function lets the table carry it.
            render={(props) => <table {...props} aria-busy={loading || undefined} />}
          >
            {(day) => (
              <CalendarCell date={day} className="cal__cell">
                {({ formattedDate, isOutsideMonth }) => {
                  const entries = isOutsideMonth ? [] : (byDay.get(day.toString()) ?? []);
                  return (
                    <>
                      <span className="cal__day">{formattedDate}</span>
                      {entries.length > 0 && (
                        <span className="cal__chips" aria-hidden="true">
                          {entries.slice(0, SHOWN_PER_CELL).map((entry, index) => (
                            <span key={index} className={`cal__chip cal__chip--${entry.kind}`}>
                              {entryTitle(intl, entry)}
                            </span>
                          ))}
                          {entries.length > SHOWN_PER_CELL && (
                            <span className="cal__more">
                              {intl.formatMessage(m.more, { count: entries.length - SHOWN_PER_CELL })}
                            </span>
                          )}
                          <span className="cal__dots">
                            {entries.slice(0, 3).map((entry, index) => (
                              <span key={index} className={`cal__dot cal__chip--${entry.kind}`} />
                            ))}
                          </span>
                        </span>
                      )}
                    </>
                  );
                }}
              </CalendarCell>
            )}
          </CalendarGrid>
          {loading && (
            // Over the grid, not in its place: nothing moves when the entries come in.
            <div className="cal__loading">
              <DelayedLoading />
            </div>
          )}
        </div>
      </Calendar>
      <section className="cal-day" aria-labelledby="cal-day-heading" aria-busy={loading || undefined}>
        <h2 id="cal-day-heading" className="cal-day__heading" aria-live="polite">
          {/* Until the entries are in, no count: the spinner over the grid says they are coming. */}
          {loading ? fullDate : intl.formatMessage(m.dayHeading, { date: fullDate, count: dayEntries.length })}
        </h2>
        {loading ? null : dayEntries.length ? (
          <CalendarEntryList entries={dayEntries} />
        ) : (
          <p className="cal-day__empty">{intl.formatMessage(m.emptyDay)}</p>
        )}
      </section>
    </div>
  );
}
