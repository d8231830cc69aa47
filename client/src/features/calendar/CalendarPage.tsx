// `/calendar/*` (spec section 2): the learner's due dates, availability windows and event
// activities from `GET /api/bff/calendar`, in the learner's time zone. Two views: a month grid
// (react-aria Calendar: arrow keys move between days, the chosen day's entries are listed
// beside it) and an agenda (`/calendar/agenda`), a list of the month's days with entries (the
// current month's followed by the next month's).
// The day in view is kept in the URL (`?date=YYYY-MM-DD`). Moving to another month keeps the
// month's grid (or the agenda's heading) in place, marked busy, with a spinner after 300 ms
// until that month's entries are in: the month before is never shown as this one's. A month
// whose entries could not be loaded shows the failure with Try again in the place of its grid
// (or its agenda days); the heading, the views, Today and the month's title and buttons stay.
// When only the next month's part of the agenda could not be loaded, its failure and Try again
// sit under that month's name, below the current month's days.
import { isSameMonth, startOfMonth, today, type CalendarDate } from '@internationalized/date';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button } from 'react-aria-components';
import { NavLink, useParams, useSearchParams } from 'react-router-dom';
import type { CalendarView } from '../../api/contracts/bff';
import { useCalendar } from '../../api/hooks';
import { useAppContext } from '../../app/context';
import { PageHeading } from '../../ui/PageHeading';
import { AgendaView } from './AgendaView';
import { entriesByDay, monthRange, parseDateParam } from './calendarModel';
import { calendarMessages as m } from './messages';
import { MonthView } from './MonthView';
import './calendar.css';

/** `view` when it is the answer for `range` (the gateway answers the range it was asked). */
function forRange(view: CalendarView | undefined, range: { from: string; to: string }): CalendarView | undefined {
  return view && view.from === range.from && view.to === range.to ? view : undefined;
}

export default function CalendarPage() {
  const intl = useIntl();
  const { session } = useAppContext();
  const timeZone = session.user.timezone ?? 'UTC';
  const view = useParams()['*'] === 'agenda' ? 'agenda' : 'month';
  const [params, setParams] = useSearchParams();
  const now = today(timeZone);
  const date = parseDateParam(params.get('date'), now);
  const range = monthRange(date);
  const calendar = useCalendar(range);
  // The hook keeps the month before while the next one loads (keepPreviousData), and after its
  // load failed: only the answer for the month in view is this month's.
  const shown = forRange(calendar.data, range);
  const failed = Boolean(calendar.error) && !shown;
  const loading = !shown && !failed;
  // Bound to the month in view: Try again asks for the failed month again, and for nothing else.
  const retry = () => void calendar.mutate();
  const byDay = useMemo(() => entriesByDay(shown?.entries ?? []), [shown]);
  // The agenda of the current month goes on into the next one (see AgendaView).
  const nextMonth = startOfMonth(now).add({ months: 1 });
  const goesOn = view === 'agenda' && isSameMonth(date, now);
  const following = useCalendar(goesOn ? monthRange(nextMonth) : null);
  const followingShown = forRange(following.data, monthRange(nextMonth));
  const followingFailed = goesOn && Boolean(following.error) && !followingShown;
  // Bound to the next month's key: the month in view, shown above it, is not asked for again.
  const retryFollowing = () => void following.mutate();
  const followingByDay = useMemo(() => entriesByDay(followingShown?.entries ?? []), [followingShown]);

  const setDate = (next: CalendarDate) => {
    const search = new URLSearchParams(params);
    search.set('date', next.toString());
    setParams(search, { replace: true });
  };
  const query = `?date=${date.toString()}`;
  const title = intl.formatMessage(m.title);

  return (
    <section className="calendar-page">
      <PageHeading>{title}</PageHeading>
      <p className="calendar-page__intro">{intl.formatMessage(m.intro, { zone: timeZone.replace(/_/g, ' ') })}</p>
      <div className="calendar-toolbar">
        <nav aria-label={intl.formatMessage(m.views)} className="calendar-views">
          <NavLink to={`/calendar${query}`} end className="calendar-views__link">
            {intl.formatMessage(m.month)}
          </NavLink>
          <NavLink to={`/calendar/agenda${query}`} className="calendar-views__link">
            {intl.formatMessage(m.agenda)}
          </NavLink>
        </nav>
        <Button className="button button--secondary" onPress={() => setDate(now)}>
          {intl.formatMessage(m.today)}
        </Button>
      </div>
      {view === 'month' ? (
        <MonthView
          date={date}
          today={now}
          timeZone={timeZone}
          byDay={byDay}
          loading={loading}
          failed={failed}
          onRetry={retry}
          onDateChange={setDate}
        />
      ) : (
        <AgendaView
          date={date}
          today={now}
          timeZone={timeZone}
          byDay={byDay}
          loading={loading}
          failed={failed}
          onRetry={retry}
          following={
            goesOn && (followingShown || followingFailed)
              ? { date: nextMonth, byDay: followingByDay, failed: followingFailed, onRetry: retryFollowing }
              : undefined
          }
          onDateChange={setDate}
        />
      )}
    </section>
  );
}
