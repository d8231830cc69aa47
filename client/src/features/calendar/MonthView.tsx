// The month grid: react-aria Calendar (a grid; arrow keys, Page Up/Down for months, Home/End),
// each day showing what it holds; the focused day's entries are listed beside the grid with
// links to their courses, and announced politely as the focus moves. While the month's entries
// load (another month was chosen), the grid is marked busy and, after 300 ms, a spinner over it
// says so; the grid keeps its place, and the day's panel does not claim it holds nothing. When
// they could not be loaded, the failure with Try again sits in the grid's place (the grid kept
// under it, hidden and inert, so the card keeps its size) below the month's title and buttons.
import type { CalendarDate } from '@internationalized/date';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Calendar, CalendarCell, CalendarGrid, Heading } from 'react-aria-components';
import type { CalendarEntry } from '../../api/contracts/bff';
import { ChevronIcon } from '../../app/icons';
import { DelayedLoading } from '../../ui/DelayedLoading';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { CalendarEntryList, entryTitle } from './CalendarEntryItem';
import { calendarMessages as m } from './messages';
import { MonthFailure, useMonthFailureFocus } from './MonthFailure';

interface Props {
  date: CalendarDate;
  today: CalendarDate;
  timeZone: string;
  byDay: Map<string, CalendarEntry[]>;
  /** The month's entries are on their way: `byDay` is not yet this month's. */
  loading: boolean;
  /** The month's entries could not be loaded. */
  failed: boolean;
  /** Asks for the month's entries again. */
  onRetry: () => void;
  onDateChange: (date: CalendarDate) => void;
}

const SHOWN_PER_CELL = 2;

/**
 * Below this width a day's column is narrower than some weekday names ('الأربعاء' in Arabic,
 * which has no short forms): the header then shows one letter per day. The header is hidden
 * from screen readers either way; each day's own name says its weekday in full.
 */
const NARROW_WEEKDAYS = '(max-width: 560px)';

export function MonthView({ date, timeZone, byDay, loading, failed, onRetry, onDateChange }: Props) {
  const intl = useIntl();
  const body = useRef<HTMLDivElement>(null);
  const failure = useRef<HTMLDivElement>(null);
  const retry = useMonthFailureFocus({
    failed,
    failure,
    hides: body,
    // Once loaded, the day in view (react-aria's one focusable cell), where the arrow keys work.
    restore: () => body.current?.querySelector<HTMLElement>('[role="gridcell"] [tabindex="0"]'),
    onRetry,
  });
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
          {/* Named as the agenda's buttons are (react-aria's own names are 'Previous' and 'Next'). */}
          <Button
            slot="previous"
            className="cal__nav cal__nav--previous"
            aria-label={intl.formatMessage(m.previousMonth)}
          >
            <ChevronIcon />
          </Button>
          <Heading className="cal__title" />
          <Button slot="next" className="cal__nav" aria-label={intl.formatMessage(m.nextMonth)}>
            <ChevronIcon />
          </Button>
        </header>
        <div ref={body} className={failed ? 'cal__body cal__body--failed' : 'cal__body'}>
          <CalendarGrid
            className="cal__grid"
            weekdayStyle={narrowWeekdays ? 'narrow' : 'short'}
            // react-aria passes no aria-busy on; its render function lets the table carry it.
            render={(props) => <table {...props} aria-busy={loading || undefined} inert={failed} />}
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
          {failed && (
            <div ref={failure} className="cal__failure">
              <MonthFailure onRetry={retry} />
            </div>
          )}
        </div>
      </Calendar>
      <section className="cal-day" aria-labelledby="cal-day-heading" aria-busy={loading || undefined}>
        <h2 id="cal-day-heading" className="cal-day__heading" aria-live="polite">
          {/* Until the entries are in, no count: the spinner (or the failure) in the grid says why. */}
          {loading || failed
            ? fullDate
            : intl.formatMessage(m.dayHeading, { date: fullDate, count: dayEntries.length })}
        </h2>
        {loading || failed ? null : dayEntries.length ? (
          <CalendarEntryList entries={dayEntries} />
        ) : (
          <p className="cal-day__empty">{intl.formatMessage(m.emptyDay)}</p>
        )}
      </section>
    </div>
  );
}
