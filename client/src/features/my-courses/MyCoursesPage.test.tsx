import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseCard, myCoursesView, uiConfig } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { failingOnce, http, HttpResponse, server } from '../../test/server';
import { sentence } from '../../test/text';

/** Answers My courses with `cards` filtered by keyword, and records each keyword asked for. */
function serveCourses(cards = [courseCard()], catalogEnabled = true) {
  const keywords: (string | null)[] = [];
  server.use(
    http.get('*/api/bff/my-courses', ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword');
      keywords.push(keyword);
      const items = cards.filter((c) => !keyword || c.name.toLowerCase().includes(keyword));
      return HttpResponse.json(myCoursesView(items, { keyword: keyword ?? '', catalogEnabled }));
    }),
  );
  return keywords;
}

async function courseList() {
  return screen.findByRole('list', { name: 'Courses' });
}

// Whole-app renders with lazy routes: generous on a busy machine, a failing one only waits longer.
describe('My courses', () => {
  it('renders the cards from the API as links with their details', async () => {
    serveCourses([
      courseCard({
        objectiveId: 'o-1',
        name: 'Algebra basics',
        code: 'ALG-1',
        progressPercent: 40,
        status: 'inProgress',
        isMandatory: true,
        link: '/courses/o-1/view/content',
      }),
      courseCard({
        name: 'Botany',
        status: 'finished',
        progressPercent: 100,
        imageUrl: 'https://img.example/botany.png',
        result: { passed: true, scorePercent: 85, scoreColor: 'success', grade: 'B' },
      }),
      courseCard({ name: 'Chemistry', isDraft: true }),
    ]);
    renderApp('/learn/courses');

    const list = await courseList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const algebra = items[0]!;
    expect(within(algebra).getByRole('link', { name: 'Algebra basics' })).toHaveAttribute(
      'href',
      '/learn/courses/o-1/view/content',
    );
    expect(within(algebra).getByRole('heading', { name: 'Algebra basics' })).toBeInTheDocument();
    expect(within(algebra).getByText(sentence('Code: ALG-1'))).toBeInTheDocument();
    expect(within(algebra).getByText('Mandatory')).toBeInTheDocument();
    expect(within(algebra).getByText('In progress')).toBeInTheDocument();
    expect(within(algebra).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');

    const botany = items[1]!;
    expect(within(botany).getByText('Finished')).toBeInTheDocument();
    expect(within(botany).getByText('Passed')).toBeInTheDocument();
    expect(within(botany).getByText('Score: 85%')).toBeInTheDocument();
    expect(within(botany).getByText(sentence('Grade: B'))).toBeInTheDocument();
    expect(botany.querySelector('img')).toHaveAttribute('alt', '');

    expect(within(items[2]!).getByText('Coming soon')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('3 courses')).toBeInTheDocument());
  });

  it('normalises the keyword, debounces it, mirrors it in the URL and refetches with it', async () => {
    const keywords = serveCourses([courseCard({ name: 'Algebra basics' }), courseCard({ name: 'Botany' })]);
    const { user, location } = renderApp('/learn/courses?tab=1#top');
    await courseList();

    const search = screen.getByRole('searchbox', { name: 'Search courses' });
    await user.type(search, '  BOT');

    expect(search).toHaveValue('bot');
    // Typing faster than the debounce sends no request per keystroke.
    expect(keywords).toEqual([null]);

    await waitFor(() => expect(location()).toBe('/courses?tab=1&keyword=bot#top'), { timeout: 2000 });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Botany' })).toBeInTheDocument();
    expect(keywords).toEqual([null, 'bot']);
    await waitFor(() => expect(screen.getByText('1 course')).toBeInTheDocument());
  });

  it('keeps focus on a card the learner moved to while the search was pending', async () => {
    serveCourses([courseCard({ name: 'Algebra basics' }), courseCard({ name: 'Botany' })]);
    const { user, location } = renderApp('/learn/courses');
    await courseList();

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'bot');
    // Before the pause ends, the learner moves to the card that the search will also find.
    screen.getByRole('link', { name: 'Botany' }).focus();

    await waitFor(() => expect(location()).toBe('/courses?keyword=bot'), { timeout: 2000 });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Botany' })).toHaveFocus();
  });

  it('restores the keyword from the URL', async () => {
    const keywords = serveCourses([courseCard({ name: 'Algebra basics' }), courseCard({ name: 'Botany' })]);
    renderApp('/learn/courses?keyword=alg');

    expect(await screen.findByRole('link', { name: 'Algebra basics' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('alg');
    expect(keywords).toEqual(['alg']);
  });

  it('without courses points to the catalog when it is enabled', async () => {
    serveCourses([], true);
    renderApp('/learn/courses');

    expect(await screen.findByRole('heading', { name: 'You have no courses yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/learn/catalog');
  });

  it('without courses explains that the catalog is disabled', async () => {
    server.use(http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ catalogEnabled: false }))));
    serveCourses([], false);
    renderApp('/learn/courses');

    expect(await screen.findByRole('heading', { name: 'You have no courses yet' })).toBeInTheDocument();
    expect(screen.getByText(/The catalog is not available/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Browse the catalog' })).not.toBeInTheDocument();
  });

  it('says when a keyword matches nothing, with a hint and a way back to every course', async () => {
    serveCourses([courseCard({ name: 'Algebra basics' })]);
    const { user, location } = renderApp('/learn/courses?keyword=zzz');

    expect(await screen.findByRole('heading', { name: 'No courses match "zzz"' })).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try another keyword.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    // At once, not after the typing pause.
    expect(location()).toBe('/courses');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Algebra basics' })).toBeInTheDocument();
  });

  it('shows an error with a retry button that loads again', async () => {
    server.use(
      http.get(
        '*/api/bff/my-courses',
        failingOnce(400, () => myCoursesView([courseCard({ name: 'Algebra basics' })])),
      ),
    );
    const { user } = renderApp('/learn/courses');

    expect(await screen.findByText('Your courses could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Algebra basics' })).toBeInTheDocument();
  });

  describe('filters and paging', () => {
    const collections = [
      { id: 'col-sec', name: 'Security', uncategorized: false },
      { id: '00000000-0000-0000-0000-000000000000', name: '', uncategorized: true },
    ];
    const terms = [{ id: 't-spring', name: 'Spring 2026' }];
    const known: Record<string, string[]> = {
      collection: collections.map((c) => c.id),
      term: terms.map((t) => t.id),
      courseProgress: ['notStarted', 'inProgress', 'completed'],
      coursePriority: ['mandatory', 'optional'],
    };

    /** Answers like the gateway: unknown values dropped and flagged, pages by skip/take. */
    function serveFiltered(cards = [courseCard({ name: 'Algebra basics' })]) {
      const requests: URLSearchParams[] = [];
      server.use(
        http.get('*/api/bff/my-courses', ({ request }) => {
          const params = new URL(request.url).searchParams;
          requests.push(params);
          const pick = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
          let dropped = false;
          const applied = Object.fromEntries(
            Object.keys(known).map((name) => {
              const values = pick(name);
              const ok = values.filter((v) => known[name]!.includes(v));
              if (ok.length < values.length) dropped = true;
              return [name, ok];
            }),
          );
          const skip = Number(params.get('skip') ?? 0);
          const take = Number(params.get('take') ?? 100);
          return HttpResponse.json(
            myCoursesView(cards.slice(skip, skip + take), {
              totalCount: cards.length,
              collections,
              terms,
              filter: {
                collections: applied.collection!,
                terms: applied.term!,
                progress: applied.courseProgress as never,
                priority: applied.coursePriority as never,
              },
              filtersUnavailable: dropped,
            }),
          );
        }),
      );
      return requests;
    }

    it('sends the URL filters to the view and shows them on the chips, the button and in the drawer', async () => {
      const requests = serveFiltered();
      const { user } = renderApp('/learn/courses?courseProgress=inProgress&collection=col-sec');
      await courseList();

      expect(requests[0]!.get('courseProgress')).toBe('inProgress');
      expect(requests[0]!.get('collection')).toBe('col-sec');
      const chips = screen.getByRole('group', { name: 'Collections' });
      expect(within(chips).getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(chips).getByRole('button', { name: 'Uncategorized' })).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getAllByRole('button', { name: 'Clear filters' })[0]).toBeEnabled();

      await user.click(screen.getByRole('button', { name: /^Filters, 2 filters active/ }));
      const drawer = await screen.findByRole('dialog', { name: 'Filter courses' });
      expect(within(drawer).getByRole('checkbox', { name: 'In progress' })).toBeChecked();
      expect(within(drawer).getByRole('checkbox', { name: 'Not started' })).not.toBeChecked();
      expect(within(drawer).getByRole('checkbox', { name: 'Security' })).toBeChecked();
      expect(within(drawer).getByRole('checkbox', { name: 'Spring 2026' })).not.toBeChecked();
    });

    it('applies a filter chosen in the drawer through the URL, and clears them all', async () => {
      const requests = serveFiltered();
      const { user, location } = renderApp('/learn/courses');
      await courseList();
      expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const drawer = await screen.findByRole('dialog', { name: 'Filter courses' });
      expect(within(drawer).getByRole('button', { name: 'Clear filters' })).toBeDisabled();
      await user.click(within(drawer).getByRole('checkbox', { name: 'Mandatory' }));
      await user.click(within(drawer).getByRole('checkbox', { name: 'Spring 2026' }));

      await waitFor(() => expect(location()).toBe('/courses?coursePriority=mandatory&term=t-spring'));
      await waitFor(() => expect(requests.at(-1)!.get('term')).toBe('t-spring'));
      expect(requests.at(-1)!.get('coursePriority')).toBe('mandatory');
      expect(within(drawer).getByRole('button', { name: 'Clear filters' })).toBeEnabled();

      await user.click(within(drawer).getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(location()).toBe('/courses'));
      await user.click(within(drawer).getByRole('button', { name: /Show 1 course/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // Focus returns to the button that opened the sheet.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus());
    });

    it('toggles a collection with its chip', async () => {
      serveFiltered();
      const { user, location } = renderApp('/learn/courses?keyword=alg');
      await courseList();
      await user.click(screen.getByRole('button', { name: 'Security' }));
      await waitFor(() => expect(location()).toBe('/courses?keyword=alg&collection=col-sec'));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true'),
      );
    });

    it('says when filters of the link are unavailable and takes the unknown values out of the URL', async () => {
      const requests = serveFiltered();
      const { location } = renderApp('/learn/courses?courseProgress=bogus,inProgress&term=t-gone&tab=2');

      expect(await screen.findByText('Some filters are no longer available and were removed.')).toBeInTheDocument();
      await waitFor(() => expect(location()).toBe('/courses?courseProgress=inProgress&tab=2'));
      expect(requests[0]!.get('courseProgress')).toBe('bogus,inProgress');
      await waitFor(() => expect(requests.at(-1)!.get('courseProgress')).toBe('inProgress'));
      // Shown once, not again for the cleaned URL.
      expect(screen.getAllByText('Some filters are no longer available and were removed.')).toHaveLength(1);
    });

    it('with filters that match nothing says so instead of the no-courses prompt', async () => {
      serveFiltered([]);
      const { user, location } = renderApp('/learn/courses?coursePriority=mandatory');
      expect(await screen.findByRole('heading', { name: 'No courses match these filters' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'You have no courses yet' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
      const clear = screen.getAllByRole('button', { name: 'Clear filters' });
      await user.click(clear.at(-1)!);
      expect(location()).toBe('/courses');
    });

    it('loads a long list a page at a time with skip and take', async () => {
      const cards = Array.from({ length: 60 }, (_, i) =>
        courseCard({ name: `Performance Course ${String(i + 1).padStart(3, '0')}` }),
      );
      const requests = serveFiltered(cards);
      const { user } = renderApp('/learn/courses');

      const list = await courseList();
      expect(within(list).getAllByRole('listitem')).toHaveLength(24);
      expect(requests[0]!.get('skip')).toBe('0');
      expect(requests[0]!.get('take')).toBe('24');
      expect(screen.getByText('Showing 24 of 60')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show more courses' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(48));
      expect(requests.some((r) => r.get('skip') === '24' && r.get('take') === '24')).toBe(true);
      expect(screen.getByRole('link', { name: 'Performance Course 048' })).toBeInTheDocument();

      await user.click(await screen.findByRole('button', { name: 'Show more courses' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
      expect(screen.getByText('Showing 60 of 60')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Show more courses' })).not.toBeInTheDocument();
    });

    it('starts a new search again at its first page', async () => {
      const cards = Array.from({ length: 60 }, (_, i) =>
        courseCard({ name: `Performance Course ${String(i + 1).padStart(3, '0')}` }),
      );
      serveFiltered(cards);
      const { user, location } = renderApp('/learn/courses');

      const list = await courseList();
      await user.click(screen.getByRole('button', { name: 'Show more courses' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(48));

      await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'course');
      await waitFor(() => expect(location()).toBe('/courses?keyword=course'), { timeout: 2000 });
      await waitFor(() => expect(screen.getByText('Showing 24 of 60')).toBeInTheDocument());
      expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(24);
    });
  });
});
