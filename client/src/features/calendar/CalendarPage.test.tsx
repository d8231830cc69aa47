import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEntry, CalendarView } from '../../api/contracts/bff';
import { uiConfig } from '../../test/factories';
import { stubMatchMedia } from '../../test/matchMedia';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, problemAnswer, server } from '../../test/server';

const entries: CalendarEntry[] = [
  {
    kind: 'due',
    at: '2030-01-15T17:00:00+00:00',
    date: '2030-01-15',
    objectiveId: 'c-1',
    courseName: 'Safety basics',
    link: '/courses/c-1',
  },
  {
    kind: 'event',
    at: '2030-01-20T09:30:00+00:00',
    date: '2030-01-20',
    objectiveId: 'c-2',
    courseName: 'Leadership',
    activityName: 'Live workshop',
    link: '/courses/c-2/view/content',
  },
];

function serveCalendar(view: Partial<CalendarView> = {}, more: CalendarEntry[] = []) {
  const asked: string[] = [];
  server.use(
    http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ calendarEnabled: true }))),
    http.get('*/api/bff/calendar', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      return HttpResponse.json({
        from,
        to,
        timezone: 'Europe/London',
        entries: [...entries, ...more].filter((e) => e.date >= from && e.date <= to),
        ...view,
      });
    }),
  );
  return asked;
}

describe('calendar', () => {
  it('asks for the month in view and lists the chosen day with a link to the course', async () => {
    const asked = serveCalendar();
    renderApp('/learn/calendar?date=2030-01-15');

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid');
    expect(grid).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('2030-01-01..2030-01-31'));
    const day = await screen.findByRole('region', { name: /Tuesday, January 15, 2030: 1 entry/ });
    const link = within(day).getByRole('link', { name: 'Safety basics' });
    expect(link).toHaveAttribute('href', '/learn/courses/c-1');
    // The course name keeps its own direction; the line still follows the page's.
    expect(link.querySelector('bdi')).toHaveTextContent('Safety basics');
    expect(within(day).getByText('Due')).toBeInTheDocument();
    expect(within(day).getByText('5:00 PM')).toBeInTheDocument();
  });

  it('names the weekdays in short on a wide screen and by one letter on a narrow one', async () => {
    serveCalendar();
    const { unmount } = renderApp('/learn/calendar?date=2030-01-15');
    const weekdays = async () =>
      [...(await screen.findByRole('grid')).querySelectorAll('th')].map((th) => th.textContent);
    expect(await weekdays()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    unmount();

    // Narrower than 560 px (the only query that matches), the columns are too narrow for names.
    stubMatchMedia((query) => query === '(max-width: 560px)');
    renderApp('/learn/calendar?date=2030-01-15');
    expect(await weekdays()).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    // Each day still says its weekday in full.
    expect(await screen.findByRole('button', { name: /Tuesday, January 15, 2030/ })).toBeInTheDocument();
  });

  it("names the month grid's buttons as the agenda names its own", async () => {
    const asked = serveCalendar();
    const { user } = renderApp('/learn/calendar?date=2030-01-15');
    await screen.findByRole('region', { name: /January 15, 2030: 1 entry/ });
    // Not react-aria's 'Previous' and 'Next': a screen reader says the same in both views. (The
    // hidden Next that react-aria adds after the grid keeps its own name; no prop reaches it.)
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(asked).toContain('2030-02-01..2030-02-28'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Calendar, February 2030' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Agenda' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'February 2030' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
  });

  it('moves between days with the arrow keys and follows into the next month', async () => {
    const asked = serveCalendar();
    const { user } = renderApp('/learn/calendar?date=2030-01-15');
    await screen.findByRole('region', { name: /January 15, 2030: 1 entry/ });
    const selected = within(screen.getByRole('grid')).getByRole('button', { name: /January 15, 2030/ });
    // Focus updates the calendar's state (the focused date and cell).
    act(() => selected.focus());

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('region', { name: /January 16, 2030: no entries/ })).toBeInTheDocument();
    expect(screen.getByText('Nothing is scheduled on this day.')).toBeInTheDocument();

    for (let i = 0; i < 4; i += 1) await user.keyboard('{ArrowRight}');
    const event = await screen.findByRole('region', { name: /January 20, 2030: 1 entry/ });
    const link = within(event).getByRole('link', { name: 'Live workshop in Leadership' });
    expect(link).toHaveAttribute('href', '/learn/courses/c-2/view/content');
    // Both names keep their own direction inside the translated sentence.
    expect([...link.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Live workshop', 'Leadership']);

    await user.keyboard('{PageDown}');
    await waitFor(() => expect(asked).toContain('2030-02-01..2030-02-28'));
    expect(await screen.findByRole('region', { name: /February 20, 2030: no entries/ })).toBeInTheDocument();
  });

  describe('another month', () => {
    const webinar: CalendarEntry = {
      kind: 'event',
      at: '2030-02-15T15:00:00+00:00',
      date: '2030-02-15',
      objectiveId: 'c-3',
      courseName: 'Negotiation',
      activityName: 'Live webinar',
      link: '/courses/c-3/view/content',
    };
    /** January answers at once; February only once `release` is called. */
    const holdFebruary = () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const asked = serveCalendar({}, [webinar]);
      server.use(
        http.get('*/api/bff/calendar', async ({ request }) => {
          if (new URL(request.url).searchParams.get('from') === '2030-02-01') await held;
          return undefined;
        }),
      );
      return { asked, release };
    };

    it('is marked busy with a spinner while its entries load, and never shows the month before as its own', async () => {
      const { release } = holdFebruary();
      const { user } = renderApp('/learn/calendar?date=2030-01-15');
      await screen.findByRole('region', { name: /January 15, 2030: 1 entry/ });
      const grid = screen.getByRole('grid');
      expect(grid).not.toHaveAttribute('aria-busy');
      act(() =>
        within(grid)
          .getByRole('button', { name: /January 15, 2030/ })
          .focus(),
      );

      await user.keyboard('{PageDown}');
      await waitFor(() => expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true'));
      // After 300 ms, a spinner over the grid, read as 'Loading…'.
      await screen.findByText('Loading…');
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading…');
      // The day's panel names the day but does not claim it holds nothing.
      const day = screen.getByRole('region', { name: /February 15, 2030/ });
      expect(day).toHaveAttribute('aria-busy', 'true');
      expect(day).not.toHaveAccessibleName(/no entries/);
      expect(screen.queryByText('Nothing is scheduled on this day.')).not.toBeInTheDocument();

      release();
      const loaded = await screen.findByRole('region', { name: /February 15, 2030: 1 entry/ });
      expect(within(loaded).getByRole('link', { name: 'Live webinar in Negotiation' })).toBeInTheDocument();
      expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy');
      expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    });

    it('keeps the agenda heading and its buttons while the month loads, then lists its days', async () => {
      const { release } = holdFebruary();
      const { user } = renderApp('/learn/calendar/agenda?date=2030-01-15');
      await screen.findByRole('heading', { level: 3, name: /January 15/ });

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'February 2030' })).toBeInTheDocument();
      expect(await screen.findByText('Loading…')).toBeInTheDocument();
      expect(screen.queryAllByRole('region')).toEqual([]);
      expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();

      release();
      expect(await screen.findByRole('heading', { level: 3, name: /February 15/ })).toBeInTheDocument();
      expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    });

    /** January and March answer at once; February fails (a 503) `failures` times, then answers. */
    const failFebruary = (failures: number) => {
      const asked = serveCalendar({}, [webinar]);
      let february = 0;
      server.use(
        http.get('*/api/bff/calendar', ({ request }) => {
          if (new URL(request.url).searchParams.get('from') !== '2030-02-01') return undefined;
          february += 1;
          return february <= failures ? problemAnswer(503, 'upstream_unavailable') : undefined;
        }),
      );
      return asked;
    };
    /** What stays in place when a month fails: the page's heading, its views and Today. */
    const expectPageControls = () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Month' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Agenda' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Today' })).toBeInTheDocument();
    };

    /** The month grid's own button, named as the agenda's is. */
    const gridButton = (name: 'Previous month' | 'Next month') => screen.getByRole('button', { name });

    it("keeps the month grid's title and buttons, and the focus, when its entries cannot be loaded", async () => {
      const asked = failFebruary(1);
      const { user } = renderApp('/learn/calendar?date=2030-01-15');
      await screen.findByRole('region', { name: /January 15, 2030: 1 entry/ });

      await user.click(gridButton('Next month'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Something went wrong');
      // The failure takes the grid's place (the grid under it out of reach); the month's title and
      // buttons stay, and so does focus.
      expect(screen.getByRole('grid')).toHaveAttribute('inert');
      expect(screen.getByRole('heading', { level: 2, name: 'Calendar, February 2030' })).toBeInTheDocument();
      expect(gridButton('Previous month')).toBeInTheDocument();
      expect(gridButton('Next month')).toHaveFocus();
      expectPageControls();
      // The day's panel names the day but does not claim it holds nothing.
      const day = screen.getByRole('region', { name: /February 15, 2030/ });
      expect(day).not.toHaveAccessibleName(/no entries/);
      expect(screen.queryByText('Nothing is scheduled on this day.')).not.toBeInTheDocument();

      // Try again asks for February, and only February, again.
      const before = asked.length;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      const loaded = await screen.findByRole('region', { name: /February 15, 2030: 1 entry/ });
      expect(within(loaded).getByRole('link', { name: 'Live webinar in Negotiation' })).toBeInTheDocument();
      expect(asked.slice(before)).toEqual(['2030-02-01..2030-02-28']);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('grid')).not.toHaveAttribute('inert');
      // Try again is gone with the failure: focus goes to the day in view, where the arrow keys work.
      expect(within(screen.getByRole('grid')).getByRole('button', { name: /February 15, 2030/ })).toHaveFocus();
    });

    it('moves on from a month grid that could not be loaded to the next month', async () => {
      const asked = failFebruary(Infinity);
      const { user } = renderApp('/learn/calendar?date=2030-01-15');
      await screen.findByRole('region', { name: /January 15, 2030: 1 entry/ });
      await user.click(gridButton('Next month'));
      await screen.findByRole('alert');

      await user.click(gridButton('Next month'));
      expect(await screen.findByRole('region', { name: /March 15, 2030: no entries/ })).toBeInTheDocument();
      expect(asked).toContain('2030-03-01..2030-03-31');
      expect(screen.getByRole('heading', { level: 2, name: 'Calendar, March 2030' })).toBeInTheDocument();
      expect(screen.getByRole('grid')).not.toHaveAttribute('inert');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(gridButton('Next month')).toHaveFocus();
    });

    it('gives Try again the focus when the failure hides the day the learner was on', async () => {
      failFebruary(1);
      const { user } = renderApp('/learn/calendar?date=2030-01-15');
      await screen.findByRole('region', { name: /January 15, 2030: 1 entry/ });
      act(() =>
        within(screen.getByRole('grid'))
          .getByRole('button', { name: /January 15, 2030/ })
          .focus(),
      );

      await user.keyboard('{PageDown}');
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveFocus();
      expect(screen.getByRole('heading', { level: 2, name: 'Calendar, February 2030' })).toBeInTheDocument();
    });

    it('keeps the agenda heading and its buttons, and the focus, when its entries cannot be loaded', async () => {
      const asked = failFebruary(1);
      const { user } = renderApp('/learn/calendar/agenda?date=2030-01-15');
      await screen.findByRole('heading', { level: 3, name: /January 15/ });

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Something went wrong');
      expect(screen.getByRole('heading', { level: 2, name: 'February 2030' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
      expectPageControls();

      const before = asked.length;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 3, name: /February 15/ })).toBeInTheDocument();
      expect(asked.slice(before)).toEqual(['2030-02-01..2030-02-28']);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // Try again is gone with the failure: focus goes to the month's title, above its days.
      expect(screen.getByRole('heading', { level: 2, name: 'February 2030' })).toHaveFocus();
    });

    it('moves on from an agenda month that could not be loaded to the next month', async () => {
      const asked = failFebruary(Infinity);
      const { user } = renderApp('/learn/calendar/agenda?date=2030-01-15');
      await screen.findByRole('heading', { level: 3, name: /January 15/ });
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await screen.findByRole('alert');

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByText('Nothing is scheduled in March 2030.')).toBeInTheDocument();
      expect(asked).toContain('2030-03-01..2030-03-31');
      expect(screen.getByRole('heading', { level: 2, name: 'March 2030' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    });
  });

  it('shows the agenda of the month, day by day', async () => {
    serveCalendar();
    const { user } = renderApp('/learn/calendar?date=2030-01-15');
    await user.click(await screen.findByRole('link', { name: 'Agenda' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'January 2030' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'page');
    const days = screen.getAllByRole('region');
    expect(days.map((d) => within(d).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Tuesday, January 151 entry',
      'Sunday, January 201 entry',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('Nothing is scheduled in February 2030.')).toBeInTheDocument();
  });

  describe('today in the agenda', () => {
    afterEach(() => vi.useRealTimers());

    const agendaAt = async (now: string, more: CalendarEntry[] = []) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      const asked = serveCalendar({}, more);
      renderApp('/learn/calendar/agenda');
      // The month in view, then the next one's name once its entries are in.
      await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2));
      expect(asked).toHaveLength(2);
      return screen.queryAllByRole('region');
    };
    const headings = (days: HTMLElement[]) => days.map((d) => within(d).getByRole('heading', { level: 3 }).textContent);

    it('has its place between the days that passed and those to come, even without entries', async () => {
      const days = await agendaAt('2030-01-17T12:00:00Z');
      expect(headings(days)).toEqual([
        'Tuesday, January 151 entry',
        'TodayThursday, January 17',
        'Sunday, January 201 entry',
      ]);
      expect(within(days[1]!).getByText('Nothing is scheduled on this day.')).toBeInTheDocument();
    });

    it('names the day that holds entries when it is today', async () => {
      const days = await agendaAt('2030-01-15T08:00:00Z');
      expect(headings(days)).toEqual(['TodayTuesday, January 151 entry', 'Sunday, January 201 entry']);
    });

    it('goes on into the next month, so what is coming shows at the end of this one', async () => {
      const webinar: CalendarEntry = {
        kind: 'event',
        at: '2030-02-03T15:00:00+00:00',
        date: '2030-02-03',
        objectiveId: 'c-3',
        courseName: 'Negotiation',
        activityName: 'Live webinar',
        link: '/courses/c-3/view/content',
      };
      const days = await agendaAt('2030-01-25T12:00:00Z', [webinar]);
      expect(headings(days)).toEqual([
        'Tuesday, January 151 entry',
        'Sunday, January 201 entry',
        'TodayFriday, January 25',
        'Sunday, February 31 entry',
      ]);
      expect(within(days[3]!).getByRole('link', { name: /Live webinar/ })).toBeInTheDocument();
      // Below January's heading, the next month's name: the first is the month in view.
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'January 2030',
        'February 2030',
      ]);
    });

    it("says so when the next month's part cannot be loaded, and Try again asks for that part alone", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-25T12:00:00Z'));
      const webinar: CalendarEntry = {
        kind: 'event',
        at: '2030-02-03T15:00:00+00:00',
        date: '2030-02-03',
        objectiveId: 'c-3',
        courseName: 'Negotiation',
        activityName: 'Live webinar',
        link: '/courses/c-3/view/content',
      };
      const asked = serveCalendar({}, [webinar]);
      let february = 0;
      server.use(
        http.get('*/api/bff/calendar', ({ request }) => {
          if (new URL(request.url).searchParams.get('from') !== '2030-02-01') return undefined;
          february += 1;
          return february === 1 ? problemAnswer(503, 'upstream_unavailable') : undefined;
        }),
      );
      const { user } = renderApp('/learn/calendar/agenda');

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Something went wrong');
      // January's days stay; the failure sits under February's name, below them.
      expect(headings(screen.getAllByRole('region'))).toEqual([
        'Tuesday, January 151 entry',
        'Sunday, January 201 entry',
        'TodayFriday, January 25',
      ]);
      const february2030 = screen.getByRole('heading', { level: 2, name: 'February 2030' });
      expect(february2030.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      const before = asked.length;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 3, name: /February 3/ })).toBeInTheDocument();
      expect(asked.slice(before)).toEqual(['2030-02-01..2030-02-28']);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(headings(screen.getAllByRole('region'))).toHaveLength(4);
      // Try again is gone with the failure: focus goes to the month's name, above its days.
      expect(screen.getByRole('heading', { level: 2, name: 'February 2030' })).toHaveFocus();
    });

    it('says so when neither month holds entries', async () => {
      const days = await agendaAt('2030-03-10T12:00:00Z');
      expect(days).toEqual([]);
      expect(screen.getByText('Nothing is scheduled in March 2030.')).toBeInTheDocument();
      expect(screen.getByText('Nothing is scheduled in April 2030.')).toBeInTheDocument();
    });
  });

  it('shows the error with a retry when the entries cannot be loaded', async () => {
    server.use(
      http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ calendarEnabled: true }))),
      http.get('*/api/bff/calendar', () => HttpResponse.json({ title: 'no' }, { status: 400 })),
    );
    renderApp('/learn/calendar?date=2030-01-15');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
