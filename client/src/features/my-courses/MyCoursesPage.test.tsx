import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseCard, myCoursesView, uiConfig } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';

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
    expect(within(algebra).getByText('Code: ALG-1')).toBeInTheDocument();
    expect(within(algebra).getByText('Mandatory')).toBeInTheDocument();
    expect(within(algebra).getByText('In progress')).toBeInTheDocument();
    expect(within(algebra).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');

    const botany = items[1]!;
    expect(within(botany).getByText('Finished')).toBeInTheDocument();
    expect(within(botany).getByText('Passed')).toBeInTheDocument();
    expect(within(botany).getByText('Score: 85%')).toBeInTheDocument();
    expect(within(botany).getByText('Grade: B')).toBeInTheDocument();
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
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Botany' })).toBeInTheDocument();
    expect(keywords).toEqual([null, 'bot']);
    await waitFor(() => expect(screen.getByText('1 course')).toBeInTheDocument());
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

  it('says when a keyword matches nothing, with a hint', async () => {
    serveCourses([courseCard({ name: 'Algebra basics' })]);
    renderApp('/learn/courses?keyword=zzz');

    expect(await screen.findByRole('heading', { name: 'No courses match "zzz"' })).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try another keyword.')).toBeInTheDocument();
  });

  it('shows an error with a retry button that loads again', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/bff/my-courses', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'bad_request', title: 'Bad request', status: 400 }, { status: 400 })
          : HttpResponse.json(myCoursesView([courseCard({ name: 'Algebra basics' })]));
      }),
    );
    const { user } = renderApp('/learn/courses');

    expect(await screen.findByText('Your courses could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Algebra basics' })).toBeInTheDocument();
  });
});
